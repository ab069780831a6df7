/** The one Leaflet map, shared with the layer components that add and remove themselves. */
import { createContext, useContext } from 'react';
import type L from 'leaflet';

export const MapContext = createContext<L.Map | null>(null);
export const useLeafletMap = () => useContext(MapContext);
