// A filled PDF held against its form's contract: the verification report over the value of every
// contract field (POST /read with a form, POST /forms/{id}/verify, every commit). The values are
// read in a worker thread (contract-values.ts, workers/job-types.ts ReadJob); the report is cheap
// and runs here.
import type { Contract, ContractField } from './contracts.ts';
import { verify, type VerificationReport, type VerifyInput } from '../pdf/verify.ts';
import type { AcroFormField } from '../pdf/acroform.ts';

/** The contract's fields the PDF does not have (by AcroForm name). */
export function missingFields(contract: Contract, pdfFields: AcroFormField[]) {
  const names = new Set(pdfFields.map((f) => f.name));
  return contract.fields.filter((f) => !names.has(f.name));
}

/** The report over values read per contract field; `radios` counts the buttons on per radio group. */
export function verifyValues(contract: Contract, values: (string | null)[], radios: Map<string, number>): VerificationReport {
  return verify(contract.fields.map((f, i) => ({ field: f as ContractField & { type: VerifyInput['field']['type'] }, value: values[i], buttonsOn: radios.get(f.name) })));
}
