import type { FastifyInstance } from 'fastify';
import { limitUpload, uploadRoutes } from '../../media/upload-limit';
import { ErrorCodes } from '../../../contract/errors';
import type { AppContext } from '../../context';
import { mediaUrl } from '../../media/media-store';
import { serve } from '../../plugins/api-route';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { findAccount, hasShop, setAvatar, setShopCover, updateProfile, updateShop } from './account.queries';
import { securityRoutes } from './security.routes';
import { openShopRoutes } from './open-shop.routes';
import { notify, notifyAdmins } from '../../notify/notifications';
import { audit } from '../../plugins/audit';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, media } = ctx;
  await securityRoutes(app, ctx);
  await openShopRoutes(app, ctx);

  const current = async (userId: string) => {
    const account = await findAccount(db, userId);
    if (!account) throw notFound();
    return account;
  };

  serve(app, 'GET /api/account', async (request) => current(request.user.id));

  serve(app, 'PATCH /api/account/profile', async (request) => {
    const user = request.user;
    await updateProfile(db, user.id, request.body);
    return current(user.id);
  });

  serve(app, 'PATCH /api/account/shop', async (request) => {
    const user = request.user;
    const input = request.body;
    const updated = await updateShop(db, user.id, input);
    if (!updated) throw notFound('You have no shop yet.');
    if (updated.removal) {
      audit(request, 'verification.changed', {
        shopId: updated.shopId,
        verified: false,
        removal: updated.removal,
      });
      await notifyAdmins(ctx, db, {
        kind: 'verification_removed',
        title: `${updated.name} needs a new check`,
        body: `${updated.removal} for the verified shop "${updated.previousName}", so its Verified badge was removed. It is back in the verification queue.`,
        link: '/admin',
      });
      await notify(ctx, db, [
        {
          userId: user.id,
          kind: 'verification_removed',
          title: `Your shop "${updated.name}" is no longer verified`,
          body: `${updated.removal}: an admin checked the facts your shop had before, so its Verified badge was removed until an admin checks the new ones.`,
          link: '/settings',
        },
      ]);
    }
    return current(user.id);
  });

  await uploadRoutes(app, (scope) => {
    serve(scope, 'POST /api/account/avatar', async (request) => {
      const user = request.user;
      await limitUpload(app, user.id);
      if (!request.isMultipart())
        throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const stored = await media.save(await file.toBuffer(), 'avatar', user.id);
      const previous = await setAvatar(db, user.id, stored.id);
      if (previous) await media.remove(previous);
      return { avatarUrl: mediaUrl(stored, 320) };
    });
  });

  const noShop = () => notFound('You have no shop yet.');
  await uploadRoutes(app, (scope) => {
    serve(scope, 'POST /api/account/shop/cover', async (request) => {
      const user = request.user;
      if (!(await hasShop(db, user.id))) throw noShop();
      await limitUpload(app, user.id);
      if (!request.isMultipart())
        throw new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA, 'Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const stored = await media.save(await file.toBuffer(), 'shop-cover', user.id);
      const previous = await setShopCover(db, user.id, stored.id);
      if (previous === undefined) {
        // The shop went away while the image was being processed: keep nothing.
        await media.remove(stored.id);
        throw noShop();
      }
      if (previous) await media.remove(previous);
      return { coverUrl: mediaUrl(stored, 1280) };
    });
  });

  serve(app, 'DELETE /api/account/shop/cover', async (request) => {
    const previous = await setShopCover(db, request.user.id, null);
    if (previous === undefined) throw noShop();
    if (previous) await media.remove(previous);
    return { coverUrl: null };
  });

  serve(app, 'DELETE /api/account/avatar', async (request) => {
    const user = request.user;
    const previous = await setAvatar(db, user.id, null);
    if (previous) await media.remove(previous);
    return { avatarUrl: null };
  });
}
