import { formatBounds, type MapSettings, type Member } from '@chamber/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface DirectoryMapProps {
  settings: MapSettings;
  /** The listings loaded in the list: those with a pin get a marker. */
  members: Member[];
  /** The view after every pan or zoom, as `w,s,e,n`: the list follows it. */
  onBoundsChange: (bounds: string) => void;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The tiles' credit as Leaflet shows it: the configured text, linked when a URL is set. */
function attributionHtml({ attribution, attributionUrl }: MapSettings): string {
  const text = escapeHtml(attribution);
  return attributionUrl
    ? `<a href="${escapeHtml(attributionUrl)}" rel="noopener" target="_blank">${text}</a>`
    : text;
}

/**
 * The directory's map (Leaflet, loaded only when the visitor opens it): the configured tiles
 * with their attribution, opening on the chamber's region; a marker per listed business with
 * a pin, each a keyboard-reachable button named by the business that opens its page. Every
 * pan or zoom reports the view, and the list shows what is in it.
 */
export default function DirectoryMap({ settings, members, onBoundsChange }: DirectoryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const navigate = useNavigate();
  const report = useRef(onBoundsChange);
  useEffect(() => {
    report.current = onBoundsChange;
  }, [onBoundsChange]);

  useEffect(() => {
    const { west, south, east, north } = settings.region;
    const created = L.map(container.current!, {
      // The page scrolls past the map; zoom with the buttons, the keyboard or a pinch.
      scrollWheelZoom: false,
      maxBounds: L.latLngBounds([south, west], [north, east]).pad(0.5),
    });
    created.attributionControl.setPrefix(false);
    L.tileLayer(settings.tileUrl, {
      attribution: attributionHtml(settings),
      maxZoom: 19,
      minZoom: 9,
    }).addTo(created);
    layer.current = L.layerGroup().addTo(created);
    const moved = () => {
      const b = created.getBounds();
      report.current(
        formatBounds({
          west: Math.max(-180, b.getWest()),
          south: Math.max(-90, b.getSouth()),
          east: Math.min(180, b.getEast()),
          north: Math.min(90, b.getNorth()),
        }),
      );
    };
    created.on('moveend', moved);
    created.fitBounds([
      [south, west],
      [north, east],
    ]);
    map.current = created;
    return () => {
      created.off('moveend', moved);
      created.remove();
      map.current = null;
    };
  }, [settings]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const member of members) {
      if (!member.location) continue;
      const name = member.businessName || member.name;
      const marker = L.marker([member.location.lat, member.location.lng], {
        title: name,
        alt: name,
        keyboard: true,
        icon: L.divIcon({
          className: 'directory-map-pin',
          html: '<span aria-hidden="true"></span>',
          iconSize: [28, 28],
          iconAnchor: [14, 28],
        }),
      });
      marker.on('click', () => void navigate(paths.member.href(member.id)));
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('aria-label', name);
        element?.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            void navigate(paths.member.href(member.id));
          }
        });
      });
      group.addLayer(marker);
    }
  }, [members, navigate]);

  return (
    <div
      ref={container}
      role="region"
      aria-label="Map of member businesses"
      data-testid="directory-map"
      className="directory-map h-[360px] w-full overflow-hidden rounded-xl border sm:h-[420px]"
    />
  );
}
