/**
 * Leaflet map for picking an address's point. The tile URL comes from the server's configuration;
 * when tiles cannot load (offline, blocked) the map is blank but clicking still records the point.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { call } from '../ui/api';

export interface Point {
  lat: number;
  lng: number;
}

interface Settings {
  mapTileUrl: string;
  mapAttribution: string;
  mapCenter: [number, number];
}

export function LocationMap({ value, onPick, label }: { value: Point | null; onPick: (p: Point) => void; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<{ setLatLng(p: [number, number]): void } | null>(null);
  const addMarker = useRef<((p: Point) => void) | null>(null);

  useEffect(() => {
    let map: { remove(): void } | null = null;
    let cancelled = false;
    void (async () => {
      const [L, settings] = await Promise.all([
        import('leaflet').then((m) => m.default ?? m),
        call('GET', '/account/settings')
          .then((r) => r.data)
          .catch((): Settings => ({ mapTileUrl: '', mapAttribution: '', mapCenter: [35.6892, 51.389] })),
      ]);
      if (cancelled || !box.current) return;
      const start: [number, number] = value ? [value.lat, value.lng] : settings.mapCenter;
      const m = L.map(box.current, { center: start, zoom: value ? 15 : 11 });
      map = m;
      if (settings.mapTileUrl) L.tileLayer(settings.mapTileUrl, { attribution: settings.mapAttribution, maxZoom: 19 }).addTo(m);
      addMarker.current = (p) => {
        if (marker.current) marker.current.setLatLng([p.lat, p.lng]);
        else marker.current = L.circleMarker([p.lat, p.lng], { radius: 9, color: '#0b5cad', fillOpacity: 0.6 }).addTo(m);
      };
      if (value) addMarker.current(value);
      m.on('click', (e: { latlng: { lat: number; lng: number } }) => {
        const p = { lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) };
        addMarker.current?.(p);
        onPick(p);
      });
    })();
    return () => {
      cancelled = true;
      map?.remove();
      marker.current = null;
    };
  }, []);

  return <div ref={box} className="address-map" role="application" aria-label={label} data-testid="address-map" />;
}
