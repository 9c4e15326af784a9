// What a session asks next (issue 19): the first required field, in the form's order, that has no
// value yet, as a question an agent can put to a person. Session creation's next_prompt and every
// conversational turn's answer end with it.
import type { Contract, ContractField } from './contracts.ts';
import type { SessionFields } from './session-fields.ts';

/** Open: no value and not left out on purpose. Signatures are signed by a person, never asked for. */
export function nextOpenRequiredField(contract: Contract, fields: SessionFields): ContractField | undefined {
  return contract.fields.find((f) => {
    if (!f.required || f.type === 'signature') return false;
    const s = fields[f.id];
    return !s || s.state === 'empty' || s.state === 'declined';
  });
}

function question(field: ContractField): string {
  if (field.type === 'checkbox') return `Should "${field.label}" be checked (yes or no)?`;
  if (field.options?.length) return `What is "${field.label}"? One of: ${field.options.slice(0, 12).join(', ')}${field.options.length > 12 ? ', …' : ''}.`;
  return `What is "${field.label}"?`;
}

/** The next question, then how to answer it and how to finish. */
export function nextPrompt(sessionId: string, contract: Contract, fields: SessionFields): { field: ContractField | undefined; prompt: string } {
  const field = nextOpenRequiredField(contract, fields);
  const open = contract.fields.filter((f) => f.required && f.type !== 'signature' && (!fields[f.id] || ['empty', 'declined'].includes(fields[f.id].state))).length;
  const how = `Answer with POST /sessions/${sessionId}/turns {"message": "…"}, or set values with PUT /sessions/${sessionId}/fields`;
  if (!field) {
    return { field, prompt: `Every required field of "${contract.form.title}" has a value. ${how}; then POST /sessions/${sessionId}/fill and download GET /sessions/${sessionId}/pdf.` };
  }
  return {
    field,
    prompt: `${question(field)} (field ${field.id}; ${open} required field${open === 1 ? '' : 's'} of "${contract.form.title}" still open.) ${how}; when done, POST /sessions/${sessionId}/fill and download GET /sessions/${sessionId}/pdf.`,
  };
}
