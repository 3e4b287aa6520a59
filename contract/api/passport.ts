import { z } from 'zod';
import {
  imageOrderSchema,
  imagePatchSchema,
  imageSchema,
  serviceInputSchema,
  serviceRecordSchema,
  offerPreviewSchema,
  transferListSchema,
  transferOfferSchema,
  transferSchema,
} from '../registry';
import { okSchema, pathText, type ApiRoute } from './api-route';
import { instrumentParams } from './registry';

const photos = 'passport photos';
const service = 'service records';
const transfers = 'transfers';
const image = instrumentParams.extend({ imageId: pathText('The photo id') });
const record = instrumentParams.extend({ recordId: pathText('The service record id') });
const transfer = z.object({ transferId: pathText('The transfer id') });

const decideService = <A extends 'approve' | 'reject'>(action: A) => ({
  method: 'POST' as const,
  path: `/api/registry/instruments/:id/service-records/:recordId/${action}` as const,
  summary: `${action === 'approve' ? 'Approve' : 'Reject'} a pending service record (owner)`,
  tag: service,
  auth: 'session' as const,
  params: record,
  response: { status: 200, schema: okSchema },
  errors: [401, 403, 404, 409],
});

const answerClaim = <A extends 'confirm' | 'decline'>(action: A) => ({
  method: 'POST' as const,
  path: `/api/registry/service-records/:recordId/${action}` as const,
  summary: `${action === 'confirm' ? 'Confirm' : 'Decline'} a service record that names your shop as its servicer (that shop's owner)`,
  tag: service,
  auth: 'session' as const,
  params: z.object({ recordId: pathText('The service record id') }),
  response: { status: 200, schema: okSchema },
  errors: [401, 404, 409],
});

const answerTransfer = <A extends 'accept' | 'decline' | 'cancel'>(action: A) => ({
  method: 'POST' as const,
  path: `/api/registry/transfers/:transferId/${action}` as const,
  summary:
    action === 'cancel'
      ? 'Cancel an offer (sender)'
      : `${action === 'accept' ? 'Accept' : 'Decline'} an offer (recipient)`,
  tag: transfers,
  auth: 'session' as const,
  params: transfer,
  response: { status: 200, schema: transferSchema },
  errors: [401, 403, 404, 409],
});

/** What happens to a passport after registration: photos, service history and changes of owner. */
export const PASSPORT_ROUTES = [
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/images',
    summary:
      'Add a photo (the owner: the maker until the first transfer; multipart/form-data with a "file" part and an optional "caption")',
    tag: photos,
    auth: 'session',
    params: instrumentParams,
    response: { status: 201, schema: imageSchema },
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  },
  {
    method: 'PATCH',
    path: '/api/registry/instruments/:id/images/:imageId',
    summary: 'Change a caption or choose the main photo',
    tag: photos,
    auth: 'session',
    params: image,
    body: imagePatchSchema,
    response: { status: 200, schema: okSchema },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'PUT',
    path: '/api/registry/instruments/:id/images/order',
    summary: 'Reorder the photos (every photo id, once)',
    tag: photos,
    auth: 'session',
    params: instrumentParams,
    body: imageOrderSchema,
    response: { status: 200, schema: okSchema },
    errors: [400, 401, 403, 404],
  },
  {
    method: 'DELETE',
    path: '/api/registry/instruments/:id/images/:imageId',
    summary: 'Remove a photo',
    tag: photos,
    auth: 'session',
    params: image,
    response: { status: 200, schema: okSchema },
    errors: [401, 403, 404],
  },
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/service-records',
    summary: 'Record a service (owner or maker; another luthier’s record waits for the owner)',
    tag: service,
    auth: 'session',
    params: instrumentParams,
    body: serviceInputSchema,
    bodyLimit: 32 * 1024,
    response: { status: 201, schema: serviceRecordSchema },
    errors: [400, 401, 403, 404],
  },
  decideService('approve'),
  decideService('reject'),
  answerClaim('confirm'),
  answerClaim('decline'),
  {
    method: 'POST',
    path: '/api/registry/instruments/:id/transfers',
    summary: 'Offer the instrument to someone (owner)',
    tag: transfers,
    auth: 'session',
    params: instrumentParams,
    body: transferOfferSchema,
    response: { status: 201, schema: transferSchema },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'GET',
    path: '/api/registry/transfers',
    summary: "The caller's incoming and outgoing offers",
    tag: transfers,
    auth: 'session',
    response: { status: 200, schema: transferListSchema },
    errors: [401],
  },
  {
    method: 'GET',
    path: '/api/registry/transfers/:transferId',
    summary: 'One offer (sender or recipient)',
    tag: transfers,
    auth: 'session',
    params: transfer,
    response: { status: 200, schema: transferSchema },
    errors: [401, 404],
  },
  {
    method: 'GET',
    path: '/api/registry/transfers/:transferId/preview',
    summary:
      'What an offer is, for whoever holds its mailed link (signed in or not): the instrument, its photo and passport code, the sender',
    tag: transfers,
    auth: 'none',
    params: transfer,
    response: { status: 200, schema: offerPreviewSchema },
    errors: [404, 429],
  },
  answerTransfer('accept'),
  answerTransfer('decline'),
  answerTransfer('cancel'),
] as const satisfies readonly ApiRoute[];
