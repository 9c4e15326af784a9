// Tools over forms: create one (and wait while its fields are detected), read it and its
// contract, fill it directly (a session: values in, PDF out).
import { z } from 'zod';
import { FormSchema, ContractSchema } from '../../api/forms.ts';
import { UpdatesBody } from '../../api/sessions.ts';
import { parseId } from '../../api/validate.ts';
import { createForm } from '../../use-cases/forms/create-form.ts';
import { getForm } from '../../use-cases/forms/get-form.ts';
import { getContract } from '../../use-cases/forms/get-contract.ts';
import { createSession } from '../../use-cases/sessions/create-session.ts';
import { setFieldValues } from '../../use-cases/sessions/set-field-values.ts';
import { fillSession } from '../../use-cases/sessions/fill-session.ts';
import { createFormFromLibrary } from '../../use-cases/library/create-form-from-library.ts';
import { LibraryCreated } from '../../api/library.ts';
import { defineTool, documentLink, elapsed, LinkSchema, readOrWait, WaitInput, type Door, type Extra, type WaitArgs } from '../door.ts';
import { FileArg, resolveFile } from '../files.ts';
import { contractUri } from '../resources.ts';

const Retention = z.enum(['keep', 'ephemeral', 'account_default']).optional().describe('keep, ephemeral (documents deleted 60–70 min after last activity) or account_default');
const FormAnswer = FormSchema.extend({ fillable_pdf: LinkSchema.optional().describe('when ready') });

/** The form, after waiting for detection when asked, with a link to its fillable PDF once ready. */
async function formAnswer(door: Door, formId: string, extra: Extra, wait: WaitArgs) {
  const form = await readOrWait(extra, wait, () => getForm(door.ctx, door.ownerId, formId), (f, seconds) => elapsed(f.status !== 'processing', seconds, `form ${f.status}`, 'detecting fields…'));
  if (form.status !== 'ready') {
    const summary = form.status === 'failed' ? `Form ${form.id} failed: ${(form.error as { message?: string } | null)?.message ?? 'unknown error'}` : `Form ${form.id} is processing; call get_form (or create_form with wait) until it is ready.`;
    return { value: form, summary };
  }
  const pdf = await documentLink(door, 'fillable', form.id, `${form.title || 'form'} (fillable).pdf`, 'The fillable PDF');
  return {
    value: { ...form, fillable_pdf: { url: pdf.url, expires_at: pdf.expires_at } },
    summary: `Form ${form.id} "${form.title}" is ready; its contract is the resource ${contractUri(form.id)}.`,
    links: [pdf.link],
  };
}

export function formTools(door: Door): void {
  const { ctx, ownerId } = door;

  defineTool(door, 'create_form', {
    title: 'Create a form from a PDF',
    description: 'Makes a PDF fillable: its AcroForm fields are read, or (flat or scanned PDF) detected. Bills one creation. With wait: true the call returns when the form is ready or failed, sending progress notifications while detection runs.',
    input: { file: FileArg.describe('the PDF form (≤ 10 MB, ≤ 100 pages)'), retention: Retention, callback_url: z.string().max(2048).optional().describe('public https URL for form.ready / form.failed'), ...WaitInput },
    output: FormAnswer,
    kind: 'write',
    openWorld: true,
  }, async (args, extra) => {
    const file = await resolveFile(door, args.file);
    const created = await createForm(ctx, { ownerId, file, callbackUrl: args.callback_url, retention: args.retention });
    return formAnswer(door, created.form_id, extra, args);
  });

  defineTool(door, 'create_form_from_library', {
    title: 'Create a form from a library blank',
    description: 'Creates a form from an official blank found with search_library (the service fetches it from the agency). Bills one creation, like create_form.',
    input: { library_id: z.string().max(100), retention: Retention, ...WaitInput },
    output: FormAnswer.extend({ library: LibraryCreated.pick({ library_id: true, revision: true }) }),
    kind: 'write',
  }, async (args, extra) => {
    const created = await createFormFromLibrary(ctx, door.library, { ownerId, libraryId: args.library_id, retention: args.retention });
    const answer = await formAnswer(door, created.form_id, extra, args);
    return { ...answer, value: { ...answer.value, library: { library_id: created.library_id, revision: created.revision } } };
  });

  defineTool(door, 'get_form', {
    title: 'Get a form',
    description: 'A form’s state (processing, ready, failed) and, once ready, a link to its fillable PDF.',
    input: { form_id: z.string() },
    output: FormAnswer,
    kind: 'read',
  }, async (args, extra) => formAnswer(door, parseId(args.form_id, 'form'), extra, {}));

  defineTool(door, 'get_contract', {
    title: 'Get a form’s contract',
    description: 'The fields of a ready form: id, label, type, data type, required, page, rect, options. Field ids are what fill_form, commit_proposal and fill_batch take. Also readable as the resource formfill://forms/{form_id}/contract.',
    input: { form_id: z.string() },
    output: ContractSchema,
    kind: 'read',
  }, async (args) => {
    const contract = ContractSchema.parse(await getContract(ctx, ownerId, parseId(args.form_id, 'form')));
    return { value: contract, summary: `"${contract.form.title}": ${contract.field_count} fields on ${contract.page_count} pages.` };
  });

  defineTool(door, 'fill_form', {
    title: 'Fill a form with values',
    description: 'Fills a ready form directly: opens a session, sets the values (by contract field id) and renders the PDF. Checkbox values true/false; choices one of the options. Bills one standard fill. Returns a link to the filled PDF.',
    input: { form_id: z.string(), values: UpdatesBody.shape.updates, flatten: z.boolean().optional().describe('bake the values into the pages') },
    output: z.object({ session_id: z.string(), status: z.literal('completed'), applied: z.array(z.number().int()), pdf: LinkSchema }),
    kind: 'write',
  }, async (args) => {
    const session = await createSession(ctx, ownerId, parseId(args.form_id, 'form'));
    const { applied } = await setFieldValues(ctx, ownerId, session.session_id, args.values);
    await fillSession(ctx, ownerId, session.session_id, { flatten: args.flatten });
    const pdf = await documentLink(door, 'session', session.session_id, `filled-${session.session_id}.pdf`, 'The filled PDF');
    return {
      value: { session_id: session.session_id, status: 'completed', applied, pdf: { url: pdf.url, expires_at: pdf.expires_at } },
      summary: `Filled ${applied.length} field(s); the PDF is at the link.`,
      links: [pdf.link],
    };
  });
}
