// GET /forms/{id}/contract: the fields of a ready form (form_not_ready before).
import type { AppContext } from '../../context.ts';
import type { Contract } from '../../domain/contracts.ts';
import { readyFormContract } from '../../store/forms.ts';

/** The shared, frozen contract (store/contract-cache.ts): callers must not change it. */
export async function getContract(ctx: AppContext, ownerId: string, formId: string): Promise<Contract> {
  return readyFormContract(ctx, ownerId, formId);
}
