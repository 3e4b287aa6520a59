import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitUpload, uploadRoutes } from '../../media/upload-limit';
import { ErrorCodes } from '../../../contract/errors';
import { CONTROL_CHAR_MESSAGE, isCleanLine } from '../../../contract/text';
import type { AppContext } from '../../context';
import { serve, type SignedIn } from '../../plugins/api-route';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { findInstrument, roles } from './detail.queries';
import {
  addPhoto,
  countPhotos,
  deletePhoto,
  findPhoto,
  MAX_PHOTOS,
  reorderPhotos,
  updatePhoto,
} from './photos.queries';
import { imageUrls } from '../../media/media-store';

type Params = { Params: { id: string; imageId?: string } };

export async function photoRoutes(app: FastifyInstance, { db, media }: AppContext): Promise<void> {
  /**
   * Photos are managed by the current owner: the maker until the first transfer, the new owner after it, so a
   * maker cannot change what a buyer's passport shows. Everyone else gets 403 (404 for unknown ids).
   */
  async function authorise(request: SignedIn<FastifyRequest<Params>>) {
    const user = request.user;
    const found = await findInstrument(db, request.params.id);
    if (!found) throw notFound('The requested instrument could not be found in our registry.');
    const r = roles(found, user);
    if (r.isMaker && !r.isOwner)
      throw forbidden('Ask the owner: after a transfer only the owner changes the photos.');
    if (!r.isOwner) throw forbidden('Only the owner can manage photos.');
    return { user, found };
  }
  async function photoOf(request: SignedIn<FastifyRequest<Params>>) {
    const { user, found } = await authorise(request);
    const imageId = request.params.imageId ?? '';
    const photo = /^[0-9a-f-]{36}$/i.test(imageId) ? await findPhoto(db, found.instrument.id, imageId) : null;
    if (!photo) throw notFound('No such photo.');
    return { user, found, photo };
  }

  await uploadRoutes(app, (scope) => {
    serve(scope, 'POST /api/registry/instruments/:id/images', async (request, reply) => {
      const { user, found } = await authorise(request);
      await limitUpload(app, user.id);
      if (!request.isMultipart())
        throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'Send the photo as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('Choose a photo to upload.', { file: 'Choose a photo to upload.' });
      const bytes = await file.toBuffer();
      const captionField = file.fields.caption;
      const raw = captionField && 'value' in captionField ? String(captionField.value) : '';
      const caption = raw.trim().slice(0, 300) || null;
      if (caption && !isCleanLine(caption))
        throw badRequest(CONTROL_CHAR_MESSAGE, { caption: CONTROL_CHAR_MESSAGE });
      if ((await countPhotos(db, found.instrument.id)) >= MAX_PHOTOS)
        throw conflict(`A passport holds at most ${MAX_PHOTOS} photos.`, 'TOO_MANY_PHOTOS');
      const stored = await media.save(bytes, 'instrument', user.id);
      const row = await addPhoto(db, found.instrument.id, user.id, stored, caption);
      reply.status(201);
      return {
        ...row,
        ...imageUrls({ staticUrl: null, mediaId: stored.id, widths: stored.widths }),
      };
    });
  });

  serve(app, 'PATCH /api/registry/instruments/:id/images/:imageId', async (request) => {
    const { user, photo } = await photoOf(request);
    await updatePhoto(db, photo, user.id, request.body);
    return { ok: true };
  });

  serve(app, 'PUT /api/registry/instruments/:id/images/order', async (request) => {
    const { user, found } = await authorise(request);
    const { imageIds } = request.body;
    if (!(await reorderPhotos(db, found.instrument.id, user.id, imageIds)))
      throw badRequest('List every photo of this instrument exactly once.', {
        imageIds: 'Unknown or missing photos.',
      });
    return { ok: true };
  });

  serve(app, 'DELETE /api/registry/instruments/:id/images/:imageId', async (request) => {
    const { user, found, photo } = await photoOf(request);
    const mediaId = await deletePhoto(db, found.instrument.id, photo.id, user.id);
    if (mediaId) await media.remove(mediaId);
    return { ok: true };
  });
}
