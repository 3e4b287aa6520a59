import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInstrumentInput,
  EditInstrumentInput,
  ImageOrderInput,
  ImagePatchInput,
  PortfolioInput,
  PrivacyInput,
  ServiceInput,
  StolenReportInput,
  TransferOfferInput,
} from '../../../contract/registry';
import { effectiveSort } from '../../../contract/registry-values';
import { ApiError } from '../../lib/api';
import {
  api,
  apiKey,
  apiQuery,
  apiUrl,
  apiWithHeaders,
  invalidateReads,
  type ApiAnswer,
  type ApiQueryParams,
} from '../../lib/api-client';

export interface RegistryFilters {
  search: string;
  type: string;
  category: string;
  sort?: string;
  yearFrom?: string;
  yearTo?: string;
  verified?: boolean;
  forSale?: boolean;
  status?: string;
  page: number;
  pageSize: number;
}

const LIST = 'GET /api/registry/instruments';
type ListQuery = ApiQueryParams<typeof LIST>;

/** The list's query, defaults left out (the first page is exactly what the server preloads). */
export function instrumentsQuery(f: RegistryFilters): ListQuery {
  // The filters come from the address bar as text; the server refuses a value outside its lists (400).
  const chosen = (value: string | undefined, fallback: string) =>
    value && value !== fallback ? value : undefined;
  return Object.fromEntries(
    Object.entries({
      search: f.search.trim() || undefined,
      type: chosen(f.type, 'all'),
      category: chosen(f.category, 'all'),
      // The server's own default (relevance with a search, newest without) is left out.
      sort: chosen(f.sort, effectiveSort(undefined, f.search.trim() || undefined)),
      yearFrom: f.yearFrom ? Number(f.yearFrom) : undefined,
      yearTo: f.yearTo ? Number(f.yearTo) : undefined,
      verified: f.verified ? 'true' : undefined,
      forSale: f.forSale ? 'true' : undefined,
      status: chosen(f.status, 'all'),
      page: f.page,
      pageSize: f.pageSize,
    }).filter(([, value]) => value !== undefined),
  );
}

/**
 * The registry page: the array of cards plus the total from X-Total-Count, which stops at REGISTRY_COUNT_CAP
 * (then X-Total-Count-Capped is "true" and the page says "100+").
 */
export function useInstruments(filters: RegistryFilters) {
  const query = instrumentsQuery(filters);
  return useQuery({
    queryKey: apiKey(LIST, { query }),
    queryFn: async ({ signal }) => {
      const { data: items, headers } = await apiWithHeaders(LIST, { query, signal });
      return {
        items,
        total: Number(headers.get('x-total-count') ?? items.length),
        capped: headers.get('x-total-count-capped') === 'true',
      };
    },
    placeholderData: keepPreviousData,
  });
}

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

const instrumentQuery = (id: string) => apiQuery('GET /api/registry/instruments/:id', { params: { id } });
export const instrumentKey = (id: string) => instrumentQuery(id).queryKey;

export const useInstrument = (id: string, enabled = true) =>
  useQuery({ ...instrumentQuery(id), enabled, retry: noRetryOn4xx, retryDelay: 500 });

export const useMyRegistry = (enabled = true) => useQuery({ ...apiQuery('GET /api/registry/me'), enabled });

export const useTransfers = (enabled = true) =>
  useQuery({ ...apiQuery('GET /api/registry/transfers'), enabled });

export const useTransfer = (transferId: string, enabled = true) =>
  useQuery({
    ...apiQuery('GET /api/registry/transfers/:transferId', { params: { transferId } }),
    enabled,
    retry: noRetryOn4xx,
    retryDelay: 500,
  });

/** What an offer is, for whoever holds its mailed link: shown before its recipient can answer. */
export const useOfferPreview = (transferId: string) =>
  useQuery({
    ...apiQuery('GET /api/registry/transfers/:transferId/preview', { params: { transferId } }),
    retry: noRetryOn4xx,
    retryDelay: 500,
  });

/** After any registry change, the passport, the lists and the dashboard are refetched. */
export function useRegistryMutation<TInput, TResult = unknown>(
  request: (input: TInput) => Promise<TResult>,
  options: { onSuccess?: (result: TResult, input: TInput) => void; onError?: (error: unknown) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, input) => {
      await invalidateReads(
        client,
        LIST,
        'GET /api/registry/instruments/:id',
        'GET /api/registry/me',
        'GET /api/registry/transfers',
        'GET /api/registry/transfers/:transferId',
      );
      options.onSuccess?.(result, input);
    },
    onError: options.onError,
  });
}

export const transferAction = (transferId: string, action: 'accept' | 'decline' | 'cancel') => {
  const input = { params: { transferId } };
  if (action === 'accept') return api('POST /api/registry/transfers/:transferId/accept', input);
  if (action === 'decline') return api('POST /api/registry/transfers/:transferId/decline', input);
  return api('POST /api/registry/transfers/:transferId/cancel', input);
};

const PHOTO = 'POST /api/registry/instruments/:id/images';

/**
 * Uploads one photo as multipart/form-data (the caption goes first so the server reads it with the file), reporting
 * the share of bytes sent (0–1) as it goes: XMLHttpRequest, since fetch has no upload progress.
 */
export function uploadPhoto(
  instrumentId: string,
  file: File,
  caption: string,
  onProgress?: (sent: number) => void,
): Promise<ApiAnswer<typeof PHOTO> | null> {
  const form = new FormData();
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(PHOTO, { params: { id: instrumentId } }));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as ApiAnswer<typeof PHOTO>);
        } catch {
          resolve(null);
        }
      } else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, '', 'The connection failed'));
    xhr.send(form);
  });
}

/** The maker shows or hides the instrument among the portfolio pieces of their storefront. */
export function useSetPortfolio(id: string) {
  return useRegistryMutation((input: PortfolioInput) =>
    api('PUT /api/registry/instruments/:id/portfolio', { params: { id }, body: input }),
  );
}

/** The owner's copy of the provenance dossier (a PDF download; the current owner and admins only). */
export const ownerDossierUrl = (id: string) =>
  apiUrl('GET /api/registry/instruments/:id/owner-dossier.pdf', { params: { id } });

// The registry's writes, one typed call each, taking the contract's input types (the server validates the same
// schemas). Components call these through useRegistryMutation, never fetch themselves.
const instrument = (id: string) => ({ params: { id } });
const image = (id: string, imageId: string) => ({ params: { id, imageId } });
const record = (id: string, recordId: string) => ({ params: { id, recordId } });

export const createInstrument = (input: CreateInstrumentInput) =>
  api('POST /api/registry/instruments', { body: input });
export const editInstrument = (id: string, input: EditInstrumentInput) =>
  api('PATCH /api/registry/instruments/:id', { ...instrument(id), body: input });
export const offerTransfer = (id: string, input: TransferOfferInput) =>
  api('POST /api/registry/instruments/:id/transfers', { ...instrument(id), body: input });
export const reportStolen = (id: string, input: StolenReportInput) =>
  api('POST /api/registry/instruments/:id/report-stolen', { ...instrument(id), body: input });
export const markRecovered = (id: string) =>
  api('POST /api/registry/instruments/:id/recovered', instrument(id));
export const addServiceRecord = (id: string, input: ServiceInput) =>
  api('POST /api/registry/instruments/:id/service-records', { ...instrument(id), body: input });
export const decideServiceRecord = (id: string, recordId: string, action: 'approve' | 'reject') =>
  action === 'approve'
    ? api('POST /api/registry/instruments/:id/service-records/:recordId/approve', record(id, recordId))
    : api('POST /api/registry/instruments/:id/service-records/:recordId/reject', record(id, recordId));
export const updateImage = (id: string, imageId: string, input: ImagePatchInput) =>
  api('PATCH /api/registry/instruments/:id/images/:imageId', { ...image(id, imageId), body: input });
export const deleteImage = (id: string, imageId: string) =>
  api('DELETE /api/registry/instruments/:id/images/:imageId', image(id, imageId));
export const reorderImages = (id: string, input: ImageOrderInput) =>
  api('PUT /api/registry/instruments/:id/images/order', { ...instrument(id), body: input });
export const setOwnerPrivacy = (input: PrivacyInput) => api('PUT /api/registry/privacy', { body: input });
