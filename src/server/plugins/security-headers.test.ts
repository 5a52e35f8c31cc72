import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
  hsts: true,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' as const },
};

describe('securityHeaders', () => {
  it('holds exactly the headers helmet sets on a real response', () => {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    helmet(options)(request, response, () => undefined);
    const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    const headers = securityHeaders(options);
    expect(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))).toEqual(expected);
    expect(headers['Content-Security-Policy']).toBe("default-src 'self';upgrade-insecure-requests");
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });
});
