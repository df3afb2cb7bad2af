/** Playback clock: play, pause, speed, seek over a timeline (requestAnimationFrame, no re-render storm). */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Timeline } from './playback.ts';

/** Re-renders at most this often while playing (ms). */
const FRAME_MS = 100;

export function usePlayback(timeline: Timeline) {
  const [time, setTime] = useState(timeline.start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(8);
  const clock = useRef(timeline.start);

  useEffect(() => {
    clock.current = timeline.start;
    setTime(timeline.start);
    setPlaying(false);
  }, [timeline.start]);

  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    let shown = last;
    const step = (now: number) => {
      clock.current = Math.min(timeline.end, clock.current + (now - last) * speed);
      last = now;
      if (now - shown >= FRAME_MS || clock.current >= timeline.end) {
        shown = now;
        setTime(clock.current);
      }
      if (clock.current >= timeline.end) setPlaying(false);
      else raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [playing, speed, timeline.end]);

  const seek = useCallback(
    (t: number) => {
      clock.current = Math.max(timeline.start, Math.min(timeline.end, t));
      setTime(clock.current);
    },
    [timeline.start, timeline.end],
  );
  const play = useCallback(() => {
    if (clock.current >= timeline.end) clock.current = timeline.start;
    setPlaying(true);
  }, [timeline.start, timeline.end]);

  return { time, playing, speed, setSpeed, play, pause: () => setPlaying(false), seek };
}
