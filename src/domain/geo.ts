// Distances on the earth (spec §9: "Distances use miles (earth radius 3959)"). Points are WGS84 degrees.

export const EARTH_RADIUS_MILES = 3959;

export interface LatLon {
  lat: number;
  lon: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radiansValue: number) => (radiansValue * 180) / Math.PI;

export function isLatLon(point: { lat?: unknown; lon?: unknown }): point is LatLon {
  return (
    typeof point.lat === 'number' &&
    typeof point.lon === 'number' &&
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lon) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lon) <= 180
  );
}

/** The great-circle distance in miles (haversine, earth radius 3959 miles). */
export function milesBetween(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to one decimal place, as a customer reads them ("1.4 miles"). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** How far (0…1) along the straight line from `from` to `to` a traveller `milesToGo` from `to` is. */
export function fractionAlong(from: LatLon, to: LatLon, milesToGo: number): number {
  const total = milesBetween(from, to);
  const fraction = total > 0 ? 1 - milesToGo / total : 1;
  return Math.min(1, Math.max(0, fraction));
}

/**
 * The point a `fraction` (0…1) of the way along the great circle from `a` to `b` (spherical linear
 * interpolation): where a courier riding straight from a to b is after that share of the ride.
 */
export function pointAlong(a: LatLon, b: LatLon, fraction: number): LatLon {
  const f = Math.min(1, Math.max(0, fraction));
  const d = milesBetween(a, b) / EARTH_RADIUS_MILES;
  if (d < 1e-12) return { lat: a.lat, lon: a.lon };
  const [lat1, lon1, lat2, lon2] = [radians(a.lat), radians(a.lon), radians(b.lat), radians(b.lon)];
  const s1 = Math.sin((1 - f) * d) / Math.sin(d);
  const s2 = Math.sin(f * d) / Math.sin(d);
  const x = s1 * Math.cos(lat1) * Math.cos(lon1) + s2 * Math.cos(lat2) * Math.cos(lon2);
  const y = s1 * Math.cos(lat1) * Math.sin(lon1) + s2 * Math.cos(lat2) * Math.sin(lon2);
  const z = s1 * Math.sin(lat1) + s2 * Math.sin(lat2);
  return { lat: degrees(Math.atan2(z, Math.hypot(x, y))), lon: degrees(Math.atan2(y, x)) };
}

/** The initial compass bearing from `a` towards `b`, 0–360 degrees (0 north, 90 east). */
export function bearing(a: LatLon, b: LatLon): number {
  const [lat1, lat2, dLon] = [radians(a.lat), radians(b.lat), radians(b.lon - a.lon)];
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (degrees(Math.atan2(y, x)) + 360) % 360;
}
