/**
 * The app's one map. Import from here only in lazily loaded pages: this pulls in MapLibre. Code that
 * must stay light (sign-out) imports `restoreMapView` from './store.ts' instead.
 */
export { BLOCK_COLORS, BlocksLayer, NoFlyLayer } from './AreasLayers.tsx';
export { MAP_LIMITS, mapConfig } from './config.ts';
export { DRONE_COLORS, DronesLayer, type DronesLayerProps } from './DronesLayer.tsx';
export type { Block, DronePosition, NoFlyZone, TrackPoint } from './geojson.ts';
export { MapSettingsList, MapSettingsPanel } from './MapSettingsPanel.tsx';
export { MapView, type MapViewProps } from './MapView.tsx';
export { DEFAULT_MAP_SETTINGS, type MapSettings, useMapSettings } from './settings.ts';
export { restoreMapView, useMapInstance } from './store.ts';
export { TrackLayer, type TrackLayerProps } from './TrackLayer.tsx';
