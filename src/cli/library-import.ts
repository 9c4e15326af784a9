// npm run library:import -- <agency file> <saved listing.csv> [default category]
// Merges a listing saved from an agency's site into its catalog file (src/library/import-listing.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { mergeListing } from '../library/import-listing.ts';
import { AgencyFileSchema, CATEGORIES } from '../library/catalog.ts';

const [agencyPath, listingPath, category = 'other'] = process.argv.slice(2);
if (!agencyPath || !listingPath || !(CATEGORIES as readonly string[]).includes(category)) {
  console.error(`usage: npm run library:import -- <src/library/catalog/AGENCY.json> <listing.csv> [${CATEGORIES.join('|')}]`);
  process.exit(2);
}
const file = AgencyFileSchema.parse(JSON.parse(readFileSync(agencyPath, 'utf8')));
const { file: merged, added, updated } = mergeListing(file, readFileSync(listingPath, 'utf8'), category as (typeof CATEGORIES)[number]);
writeFileSync(agencyPath, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`${agencyPath}: ${added} added, ${updated} updated, ${merged.forms.length} forms`);
