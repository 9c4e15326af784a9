// The two common flows as MCP prompts: a client shows them to its user, and the model gets the
// steps and tool names to follow.
import { z } from 'zod';
import type { Door } from './door.ts';

const fileNote = 'Pass each file as {"url": "https://…"} when it is online, or call create_upload_url, PUT the bytes to its upload_url and pass {"upload_id": "…"}; base64 only for files under 1 MB.';

export function registerPrompts(door: Door): void {
  door.server.registerPrompt(
    'fill_from_documents',
    {
      title: 'Make this PDF fillable and fill it from these documents',
      description: 'A flat or fillable PDF form plus supporting documents → a filled PDF with evidence for every value.',
      argsSchema: { pdf: z.string().describe('the form: a URL or an upload_id'), documents: z.string().describe('the supporting documents: URLs or upload_ids, one per line') },
    },
    ({ pdf, documents }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Make this PDF form fillable and fill it from my documents.\nForm: ${pdf}\nDocuments:\n${documents}\n\n` +
              'Steps: 1. call prepare with file (the form) and documents, wait: true. 2. call get_proposal and show me the fields in review, conflict or missing, with their evidence. ' +
              '3. ask me for those values (or to decline them), then call commit_proposal with values and decline. 4. give me the filled PDF link and the receipt (get_receipt). ' +
              fileNote,
          },
        },
      ],
    }),
  );
  door.server.registerPrompt(
    'fill_each_row',
    {
      title: 'Fill this form for each row',
      description: 'A ready form plus a spreadsheet (CSV or XLSX) → one filled PDF per row, as a zip.',
      argsSchema: { form_id: z.string().describe('a ready form (create_form first if needed)'), spreadsheet: z.string().describe('the spreadsheet: a URL or an upload_id') },
    },
    ({ form_id, spreadsheet }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Fill form ${form_id} once for each row of this spreadsheet: ${spreadsheet}\n\n` +
              'Steps: 1. call suggest_mapping and show me the column → field mapping, with unmapped columns; let me correct it. ' +
              '2. call fill_batch with the mapping, wait: true. 3. tell me how many rows were filled or failed (and why) and give me the zip link. ' +
              fileNote,
          },
        },
      ],
    }),
  );
}
