// Deletes a file put to an upload URL once its upload_id can no longer name it.
import { defineJob } from './handler.ts';
import { deleteUpload } from '../use-cases/links/signed-links.ts';

export const uploadExpireJob = defineJob({
  kind: 'upload.expire',
  async run({ ownerId, uploadId }, ctx) {
    await deleteUpload(ctx, ownerId, uploadId);
    return { deleted: uploadId };
  },
});
