// GET /forms/{id}/contract: the fields of a ready form (form_not_ready before).
import type { AppContext } from '../../context.ts';
import type { Contract } from '../../domain/contracts.ts';
import { contractOf, readyForm } from '../../store/forms.ts';

export async function getContract(ctx: AppContext, ownerId: string, formId: string): Promise<Contract> {
  return contractOf(await readyForm(ctx, ownerId, formId));
}
