/**
 * The life of one overlay: on mount (and again after a style switch) it adds a GeoJSON source and its
 * layers, each below its slot's marker; new data goes through setData; on unmount it removes them.
 */
import type { FeatureCollection } from 'geojson';
import type {
  CircleLayerSpecification,
  DistributiveOmit,
  FillLayerSpecification,
  GeoJSONSource,
  GeoJSONSourceSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMapEpoch, useMapInstance } from './store.ts';
import { type Slot, slotId } from './style.ts';

export interface OverlayLayer {
  slot: Slot;
  /** The layer; its `source` is filled in and its id prefixed with the source id. */
  layer: DistributiveOmit<
    FillLayerSpecification | LineLayerSpecification | SymbolLayerSpecification | CircleLayerSpecification,
    'source'
  >;
}

type SourceOptions = Omit<GeoJSONSourceSpecification, 'type' | 'data'>;

/**
 * `layers` and `options` are read when the source is added (keep them constant, e.g. module-level);
 * `data` may change at any time.
 */
export function useOverlay(
  sourceId: string,
  data: FeatureCollection,
  layers: readonly OverlayLayer[],
  options: SourceOptions = {},
): void {
  const map = useMapInstance();
  const epoch = useMapEpoch();
  const latest = useRef(data);
  latest.current = data;
  const sent = useRef<FeatureCollection | null>(null);
  const setup = useRef({ layers, options });
  setup.current = { layers, options };

  useEffect(() => {
    if (!map || !epoch) return;
    const { layers: list, options: opts } = setup.current;
    map.addSource(sourceId, { type: 'geojson', data: latest.current, ...opts });
    sent.current = latest.current;
    const ids = list.map(({ slot, layer }) => {
      const id = overlayLayerId(sourceId, layer.id);
      map.addLayer({ ...layer, id, source: sourceId } as LayerSpecification, slotId(slot));
      return id;
    });
    return () => {
      for (const id of ids) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
  }, [map, epoch, sourceId]);

  useEffect(() => {
    if (!map || !epoch || sent.current === data) return;
    sent.current = data;
    map.getSource<GeoJSONSource>(sourceId)?.setData(data);
  }, [map, epoch, data, sourceId]);
}

/** The id a layer of the overlay gets on the map. */
export const overlayLayerId = (sourceId: string, layerId: string) => `${sourceId}:${layerId}`;
