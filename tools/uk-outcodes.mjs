#!/usr/bin/env node
// Writes src/server/integrations/postcodes/uk-outcodes.json, the centre of every UK postcode district
// (outcode), from GeoNames' postal code file for Great Britain (GB.txt of its postal code export, under
// Creative Commons Attribution 4.0): `node tools/uk-outcodes.mjs path/to/GB.txt`. GeoNames lists places in
// each outcode; an outcode's centre is the mean of its places' coordinates, to four decimal places (about
// 10 m; the mean itself is good to a mile or two in a town and a few miles in the country). See
// docs/decisions/0012 (addendum).

import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) {
  console.error('Usage: node tools/uk-outcodes.mjs path/to/GB.txt');
  process.exit(1);
}

const COUNTRIES = ['England', 'Scotland', 'Wales', 'Northern Ireland', 'Channel Islands', 'Isle of Man'];
const OUTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;

/** GeoNames leaves the country empty for the Crown Dependencies: their areas say which. */
function countryOf(outcode, name) {
  if (name) return name;
  return outcode.startsWith('IM') ? 'Isle of Man' : 'Channel Islands';
}

const byOutcode = new Map();
for (const line of readFileSync(source, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const cells = line.split('\t');
  const outcode = cells[1]?.trim().toUpperCase() ?? '';
  const latitude = Number(cells[9]);
  const longitude = Number(cells[10]);
  if (!OUTCODE.test(outcode) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
  const entry = byOutcode.get(outcode) ?? { points: new Set(), country: countryOf(outcode, cells[3]) };
  // The same point listed for several places counts once.
  entry.points.add(`${latitude},${longitude}`);
  byOutcode.set(outcode, entry);
}

const round = (value) => Math.round(value * 10_000) / 10_000;
const outcodes = {};
for (const outcode of [...byOutcode.keys()].sort()) {
  const { points, country } = byOutcode.get(outcode);
  const pairs = [...points].map((p) => p.split(',').map(Number));
  const lat = pairs.reduce((sum, [a]) => sum + a, 0) / pairs.length;
  const lon = pairs.reduce((sum, [, b]) => sum + b, 0) / pairs.length;
  outcodes[outcode] = [round(lat), round(lon), COUNTRIES.indexOf(country)];
}

const document = {
  about:
    'The centre of every UK postcode district (outcode): [latitude, longitude, country], the country an index into countries. Made by tools/uk-outcodes.mjs from the GeoNames postal code data for Great Britain (https://www.geonames.org, Creative Commons Attribution 4.0), which contains Royal Mail data © Royal Mail copyright and database right, and National Statistics data © Crown copyright and database right.',
  countries: COUNTRIES,
  outcodes,
};
const target = new URL('../src/server/integrations/postcodes/uk-outcodes.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(document)}\n`);
console.log(`${Object.keys(outcodes).length} outcodes written to ${target.pathname}`);
