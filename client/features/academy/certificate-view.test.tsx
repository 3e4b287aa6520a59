import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicCertificate } from '../../../contract/certificates';
import { mockFetch, renderWithProviders } from '../../test/render';
import { CertificateView } from './certificate-view';

const certificate: PublicCertificate = {
  id: 'R3KR3JKJS1V1K6WR',
  // A well-formed token whose key is not in the JWKS below (a revoked key is withdrawn from it).
  jwt: 'eyJhbGciOiJFZERTQSIsImtpZCI6InJldm9rZWQta2lkIn0.eyJ2YWxpZEZyb20iOiIyMDI2LTExLTAxVDEwOjAwOjAwWiJ9.c2ln',
  credential: {},
  verified: false,
  reason: "This certificate's signing key was revoked on November 20, 2026.",
  keyRevokedAt: '2026-11-20T23:30:00.000Z',
  learnerName: 'Ada Lovelace',
  learnerHandle: null,
  course: { id: 'c1', slug: 'a-course', title: 'A Course' },
  issuedAt: '2026-11-01T10:00:00.000Z',
  builds: null,
  instruments: [],
  mine: false,
};

describe('CertificateView', () => {
  it('says the signing key was revoked, with the day, instead of any browser check', async () => {
    mockFetch({ 'GET /.well-known/jwks.json': () => ({ json: { keys: [] } }) });
    renderWithProviders(<CertificateView certificate={certificate} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "This certificate does not verify. This certificate's signing key was revoked on November 20, 2026.",
    );
    expect(within(alert).queryByText(/not one the academy publishes/)).toBeNull();
    expect(screen.queryByText('Signature verified in your browser.')).toBeNull();
  });
});
