// oidc-provider's storage adapter on the service's database (OAuthRecord, migration 0010_oauth):
// one row per stored object, keyed by (model, id). The same Prisma Client runs on embedded PGlite
// and on PostgreSQL. grantId, uid and userId are copied out of the payload into indexed columns
// so that revoking a grant, finding a session by uid and listing a user's grants are lookups.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Prisma } from '../store/db.ts';
import type { Prisma as P } from '../generated/prisma/client.ts';

/** Rows live this much longer than their payload's expiry, so the library sees `exp` and answers for it. */
const GRACE_MS = 60_000;

export function prismaAdapterFactory(db: Prisma) {
  return (model: string): Adapter => new PrismaAdapter(db, model);
}

class PrismaAdapter implements Adapter {
  constructor(
    private readonly db: Prisma,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000 + GRACE_MS) : null;
    const data = {
      payload: payload as P.InputJsonValue,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userId: payload.accountId ?? null,
      expiresAt,
    };
    await this.db.oAuthRecord.upsert({ where: { model_id: { model: this.model, id } }, create: { model: this.model, id, ...data }, update: data });
    // Expired rows go now and then, not on every write.
    if (Math.random() < 0.01) void this.db.oAuthRecord.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch(() => undefined);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.payloadOf(await this.db.oAuthRecord.findUnique({ where: { model_id: { model: this.model, id } } }));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.payloadOf(await this.db.oAuthRecord.findFirst({ where: { model: this.model, uid } }));
  }

  /** The device flow is off: no object has a user code. */
  async findByUserCode(): Promise<AdapterPayload | undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const row = await this.db.oAuthRecord.findUnique({ where: { model_id: { model: this.model, id } } });
    if (!row) return;
    const consumed = Math.floor(Date.now() / 1000);
    await this.db.oAuthRecord.update({
      where: { model_id: { model: this.model, id } },
      data: { consumedAt: new Date(consumed * 1000), payload: { ...(row.payload as object), consumed } },
    });
  }

  async destroy(id: string): Promise<void> {
    await this.db.oAuthRecord.deleteMany({ where: { model: this.model, id } });
  }

  /** Every code and token of the grant, whatever its model (the library calls this once per model). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.oAuthRecord.deleteMany({ where: { grantId, model: this.model } });
  }

  private payloadOf(row: { payload: unknown; expiresAt: Date | null } | null): AdapterPayload | undefined {
    if (!row || (row.expiresAt && row.expiresAt < new Date())) return undefined;
    return row.payload as AdapterPayload;
  }
}
