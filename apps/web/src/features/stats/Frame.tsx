/**
 * The frame of a statistics screen: its refresh clock (one 1-second tick, stopped on unmount), its
 * look, and the heading: the home icon (cancels every pending request of the screen, then goes to
 * the monitor, 001 §2), the title, a switch to the other translated variant and a clock. Its sizes
 * follow the viewport (scale.ts).
 */
import { formatDate, SCREENS } from '@agrifleet/domain';
import { HomeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LookProvider, type StatLook, useLook } from './look.ts';
import { cancelStats } from './queries.ts';
import { RefreshProvider, useNow, useScreenClock } from './refresh.ts';
import { ScaleProvider, useWindowScale } from './scale.ts';
import styles from './stats.module.css';

export interface SwitchLink {
  label: string;
  to: string;
}

export function StatFrame({
  look,
  switchTo,
  children,
}: {
  look: StatLook;
  switchTo?: SwitchLink;
  children: ReactNode;
}) {
  const clock = useScreenClock();
  const scale = useWindowScale();
  // One design px in CSS px: every size of the screen's styles is a multiple of it (scale.ts).
  const unit = { '--u': `${scale}px` } as CSSProperties;
  return (
    <RefreshProvider value={clock}>
      <LookProvider value={look}>
        <ScaleProvider value={scale}>
          <div
            className={styles.screen}
            style={unit}
            data-testid="stat-screen"
            data-variant={look.variant}
            data-scale={scale}
          >
            <Heading switchTo={switchTo} />
            {children}
          </div>
        </ScaleProvider>
      </LookProvider>
    </RefreshProvider>
  );
}

function Heading({ switchTo }: { switchTo?: SwitchLink }) {
  const look = useLook();
  const client = useQueryClient();
  const navigate = useNavigate();
  const home = () => {
    void cancelStats(client);
    navigate(SCREENS.MonitorView);
  };
  return (
    <header className={styles.heading}>
      <div className={styles.headSide}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={home}
          aria-label={look.t('home')}
          title={look.t('home')}
          data-testid="stat-home"
        >
          <HomeOutlined />
        </button>
      </div>
      <h1 className={styles.title} data-testid="stat-title">
        {look.title}
      </h1>
      <div className={`${styles.headSide} ${styles.headRight}`}>
        {switchTo && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => navigate(switchTo.to)}
            data-testid="stat-switch"
          >
            {switchTo.label}
          </button>
        )}
        <Clock />
      </div>
    </header>
  );
}

/** Re-renders every second on its own, not the screen. */
function Clock() {
  const now = useNow();
  return <span className={styles.clock}>{formatDate(now)}</span>;
}
