import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInstrumentInput,
  EditInstrumentInput,
  ImageOrderInput,
  ImagePatchInput,
  InstrumentDetail,
  InstrumentSummary,
  MyRegistry,
  PortfolioInput,
  PrivacyInput,
  ServiceInput,
  StolenReportInput,
  Transfer,
  TransferList,
  TransferOfferInput,
} from '../../../contract/registry';
import { ApiError, apiJson, apiRequest, getQueryFn, throwIfResNotOk } from '../../lib/api';

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

export const INSTRUMENTS_KEY = '/api/registry/instruments';
export const MY_REGISTRY_KEY = ['/api/registry/me'] as const;
export const TRANSFERS_KEY = ['/api/registry/transfers'] as const;

export function instrumentsUrl(f: RegistryFilters): string {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.type !== 'all') params.set('type', f.type);
  if (f.category !== 'all') params.set('category', f.category);
  if (f.sort && f.sort !== 'newest') params.set('sort', f.sort);
  if (f.yearFrom) params.set('yearFrom', f.yearFrom);
  if (f.yearTo) params.set('yearTo', f.yearTo);
  if (f.verified) params.set('verified', 'true');
  if (f.forSale) params.set('forSale', 'true');
  if (f.status && f.status !== 'all') params.set('status', f.status);
  params.set('page', String(f.page));
  params.set('pageSize', String(f.pageSize));
  return `${INSTRUMENTS_KEY}?${params.toString()}`;
}

/**
 * The registry page: the array of cards plus the total from X-Total-Count, which stops at REGISTRY_COUNT_CAP
 * (then X-Total-Count-Capped is "true" and the page says "1,000+").
 */
export function useInstruments(filters: RegistryFilters) {
  return useQuery({
    queryKey: [INSTRUMENTS_KEY, filters],
    queryFn: async ({ signal }): Promise<{ items: InstrumentSummary[]; total: number; capped: boolean }> => {
      const res = await fetch(instrumentsUrl(filters), { credentials: 'include', signal });
      await throwIfResNotOk(res);
      const items = (await res.json()) as InstrumentSummary[];
      return {
        items,
        total: Number(res.headers.get('x-total-count') ?? items.length),
        capped: res.headers.get('x-total-count-capped') === 'true',
      };
    },
    placeholderData: (previous) => previous,
  });
}

/** Explicit fetchers, so the hooks work under any QueryClient (tests use one without a default queryFn). */
const fetchJson = <T>() => getQueryFn<T>({ on401: 'throw' }) as () => Promise<T>;

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

export const instrumentKey = (id: string) => [INSTRUMENTS_KEY, id] as const;

export function useInstrument(id: string, enabled = true) {
  return useQuery<InstrumentDetail>({
    queryKey: instrumentKey(id),
    queryFn: fetchJson<InstrumentDetail>(),
    enabled,
    retry: noRetryOn4xx,
    retryDelay: 500,
  });
}

export function useMyRegistry(enabled = true) {
  return useQuery<MyRegistry>({ queryKey: MY_REGISTRY_KEY, queryFn: fetchJson<MyRegistry>(), enabled });
}

export function useTransfers(enabled = true) {
  return useQuery<TransferList>({ queryKey: TRANSFERS_KEY, queryFn: fetchJson<TransferList>(), enabled });
}

export function useTransfer(id: string, enabled = true) {
  return useQuery<Transfer>({
    queryKey: [...TRANSFERS_KEY, id],
    queryFn: fetchJson<Transfer>(),
    enabled,
    retry: noRetryOn4xx,
    retryDelay: 500,
  });
}

/** After any registry change, the passport, the lists and the dashboard are refetched. */
export function useRegistryMutation<TInput, TResult = unknown>(
  request: (input: TInput) => Promise<TResult>,
  options: { onSuccess?: (result: TResult, input: TInput) => void; onError?: (error: unknown) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [INSTRUMENTS_KEY] }),
        client.invalidateQueries({ queryKey: MY_REGISTRY_KEY }),
        client.invalidateQueries({ queryKey: TRANSFERS_KEY }),
      ]);
      options.onSuccess?.(result, input);
    },
    onError: options.onError,
  });
}

export const transferAction = (id: string, action: 'accept' | 'decline' | 'cancel') =>
  apiJson<Transfer>('POST', `/api/registry/transfers/${encodeURIComponent(id)}/${action}`);

/**
 * Uploads one photo as multipart/form-data (the caption goes first so the server reads it with the file), reporting
 * the share of bytes sent (0–1) as it goes: XMLHttpRequest, since fetch has no upload progress.
 */
export function uploadPhoto(
  instrumentId: string,
  file: File,
  caption: string,
  onProgress?: (sent: number) => void,
): Promise<unknown> {
  const form = new FormData();
  if (caption.trim()) form.append('caption', caption.trim());
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/registry/instruments/${encodeURIComponent(instrumentId)}/images`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as unknown);
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
    apiJson<PortfolioInput>('PUT', `/api/registry/instruments/${encodeURIComponent(id)}/portfolio`, input),
  );
}

/** The owner's copy of the provenance dossier (a PDF download; the current owner and admins only). */
export const ownerDossierUrl = (id: string) =>
  `/api/registry/instruments/${encodeURIComponent(id)}/owner-dossier.pdf`;

// The registry's writes, one typed fetcher each, taking the contract's input types (the server validates the
// same schemas). Components call these through useRegistryMutation, never fetch themselves.
const instrumentPath = (id: string) => `${INSTRUMENTS_KEY}/${encodeURIComponent(id)}`;

export const createInstrument = (input: CreateInstrumentInput) =>
  apiJson<InstrumentDetail>('POST', INSTRUMENTS_KEY, input);
export const editInstrument = (id: string, input: EditInstrumentInput) =>
  apiJson<InstrumentDetail>('PATCH', instrumentPath(id), input);
export const offerTransfer = (id: string, input: TransferOfferInput) =>
  apiJson<Transfer>('POST', `${instrumentPath(id)}/transfers`, input);
export const reportStolen = (id: string, input: StolenReportInput) =>
  apiRequest('POST', `${instrumentPath(id)}/report-stolen`, input);
export const markRecovered = (id: string) => apiRequest('POST', `${instrumentPath(id)}/recovered`);
export const addServiceRecord = (id: string, input: ServiceInput) =>
  apiRequest('POST', `${instrumentPath(id)}/service-records`, input);
export const decideServiceRecord = (id: string, recordId: string, action: 'approve' | 'reject') =>
  apiRequest('POST', `${instrumentPath(id)}/service-records/${encodeURIComponent(recordId)}/${action}`);
export const updateImage = (id: string, imageId: string, input: ImagePatchInput) =>
  apiRequest('PATCH', `${instrumentPath(id)}/images/${encodeURIComponent(imageId)}`, input);
export const deleteImage = (id: string, imageId: string) =>
  apiRequest('DELETE', `${instrumentPath(id)}/images/${encodeURIComponent(imageId)}`);
export const reorderImages = (id: string, input: ImageOrderInput) =>
  apiRequest('PUT', `${instrumentPath(id)}/images/order`, input);
export const setOwnerPrivacy = (input: PrivacyInput) => apiRequest('PUT', '/api/registry/privacy', input);
