import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness.js';

// The adapters' libraries load only when config selects them, so each selection is checked here
// through the server as it starts (S3 is checked against s3rver in large-upload.test.ts).
describe('the platform picks the adapters config selects', () => {
  it('uses the embedded defaults when nothing is configured', async () => {
    const server = await startTestServer();
    try {
      expect(server.deps.mailer.transport).toBe('outbox');
      expect(server.deps.payments.name).toBe('local');
      expect(server.deps.blobs.kind).toBe('local');
    } finally {
      await server.close();
    }
  });

  it('uses SMTP and Stripe when their settings are given', async () => {
    const server = await startTestServer({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_platform',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_platform',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
    });
    try {
      expect(server.deps.mailer.transport).toBe('smtp');
      expect(server.deps.payments.name).toBe('stripe');
      expect(server.deps.payments.publishableKey).toBe('pk_test_platform');
      const config = await server.call('GET', '/payments/config');
      expect(config.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_platform' });
    } finally {
      await server.close();
    }
  });
});
