// A fact is one value a document states, with what it is (concept), whose it is (role), which
// address it is (slot) and where it was found. Facts are produced by candidates.ts and chosen
// between by choose.ts.
import type { ReadDocument } from '../types.ts';
import type { Concept, NamePart, Role, Slot } from './labels.ts';
import type { Period } from './periods.ts';
import type { Address, DateHit, PersonName } from './recognizers.ts';

export interface Fact {
  /** 'keyed': a value under a key no concept rule knows, matched to fields by the key's words. */
  concept: Concept | 'keyed';
  role: Role;
  slot: Slot;
  /** Normalised comparable value: ISO date, digits, folded text, or an address key. */
  key: string;
  date?: DateHit;
  digits?: string;
  text?: string;
  name?: PersonName;
  /** What part of a name `text` is, when the document gave only a part (a "Surname" line). */
  namePart?: NamePart;
  address?: Address;
  /** A name as recorded at birth (before marriage): what parents' name fields ask for. */
  atBirth?: boolean;
  /** A birthplace fact that gives only the country ("Country of Birth" on a card). */
  countryOnly?: boolean;
  /** The document's own key for the value, for word matching against labels ("Original hire date"). */
  keyText?: string;
  /** Exactly what the document says (the evidence quote). */
  raw: string;
  doc: ReadDocument;
  page: number;
  location: string;
  /** How it was found: label_colon, ocr_label, acroform, table_row, label_above, inline, shape… */
  method: string;
  /** 0..1: 1 an explicit key for this very concept; lower for shapes and neighbours. */
  strength: number;
  /** The writer hedged ("I think", "?"). */
  hedged: boolean;
  /** The period an amount is for, when its document says ("Monthly amount ($)"). */
  period?: Period | null;
  /** The document's own date (ISO), when it states one: newer documents supersede older ones. */
  docDate?: string;
}
