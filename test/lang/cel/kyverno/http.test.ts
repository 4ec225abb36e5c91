import { describe, expect, it } from 'vitest';
import type { HttpMockSource } from '../../../../src/lang/cel/kyverno/index.js';
import { errorOf, kyvernoEnvironment, valueOf } from './helpers.js';

/** A Test's apiCallResponses, looked up as Kyverno does: `METHOD:url`, then `url`. */
function mocks(entries: Record<string, { statusCode: number; body: unknown }>): HttpMockSource {
  return { lookup: (method, url) => entries[`${method}:${url}`] ?? entries[url] };
}

const httpMocks = mocks({
  'https://example.com/config': { statusCode: 0, body: { allowed: true, limit: 3 } },
  'POST:https://authz.example.com/validate': { statusCode: 403, body: { allowed: false } },
  'GET:https://authz.example.com/validate': { statusCode: 200, body: { method: 'get' } },
});

const CA = `-----BEGIN CERTIFICATE-----
MIIDTTCCAjWgAwIBAgIJAPI+zAzn4s0xMA0GCSqGSIb3DQEBCwUAMEwxCzAJBgNV
BAYTAlVTMQswCQYDVQQIDAJXQTEQMA4GA1UEBwwHU2VhdHRsZTEPMA0GA1UECgwG
Tm90YXJ5MQ0wCwYDVQQDDAR0ZXN0MB4XDTIzMDUyMjIxMTUxOFoXDTMzMDUxOTIx
MTUxOFowTDELMAkGA1UEBhMCVVMxCzAJBgNVBAgMAldBMRAwDgYDVQQHDAdTZWF0
dGxlMQ8wDQYDVQQKDAZOb3RhcnkxDTALBgNVBAMMBHRlc3QwggEiMA0GCSqGSIb3
DQEBAQUAA4IBDwAwggEKAoIBAQDNhTwv+QMk7jEHufFfIFlBjn2NiJaYPgL4eBS+
b+o37ve5Zn9nzRppV6kGsa161r9s2KkLXmJrojNy6vo9a6g6RtZ3F6xKiWLUmbAL
hVTCfYw/2n7xNlVMjyyUpE+7e193PF8HfQrfDFxe2JnX5LHtGe+X9vdvo2l41R6m
Iia04DvpMdG4+da2tKPzXIuLUz/FDb6IODO3+qsqQLwEKmmUee+KX+3yw8I6G1y0
Vp0mnHfsfutlHeG8gazCDlzEsuD4QJ9BKeRf2Vrb0ywqNLkGCbcCWF2H5Q80Iq/f
ETVO9z88R7WheVdEjUB8UrY7ZMLdADM14IPhY2Y+tLaSzEVZAgMBAAGjMjAwMAkG
A1UdEwQCMAAwDgYDVR0PAQH/BAQDAgeAMBMGA1UdJQQMMAoGCCsGAQUFBwMDMA0G
CSqGSIb3DQEBCwUAA4IBAQBX7x4Ucre8AIUmXZ5PUK/zUBVOrZZzR1YE8w86J4X9
kYeTtlijf9i2LTZMfGuG0dEVFN4ae3CCpBst+ilhIndnoxTyzP+sNy4RCRQ2Y/k8
Zq235KIh7uucq96PL0qsF9s2RpTKXxyOGdtp9+HO0Ty5txJE2txtLDUIVPK5WNDF
ByCEQNhtHgN6V20b8KU2oLBZ9vyB8V010dQz0NRTDLhkcvJig00535/LUylECYAJ
5/jn6XKt6UYCQJbVNzBg/YPGc1RF4xdsGVDBben/JXpeGEmkdmXPILTKd9tZ5TC0
uOKpF5rWAruB5PCIrquamOejpXV9aQA/K2JQDuc0mcKz
-----END CERTIFICATE-----`;

describe('http (offline: apiCallResponses only)', () => {
  const env = kyvernoEnvironment();
  const values: [string, unknown][] = [
    // A mock always answers {body, statusCode}, even for an object body (buildHTTPMockIndex, wrapHTTPResponse).
    ["http.Get('https://example.com/config').body.allowed == true", true],
    ["http.Get('https://example.com/config').statusCode", 200n],
    ["http.get('https://example.com/config', {'Authorization': 'x'}).body.limit", 3],
    ["http.Post('https://authz.example.com/validate', {'user': 'x'}).statusCode", 403n],
    ["http.post('https://authz.example.com/validate', object, {'a': 'b'}).body.allowed", false],
    // The method-specific key wins over the plain URL.
    ["http.Get('https://authz.example.com/validate').body.method", 'get'],
    // A mock keyed by URL only answers both methods.
    ["http.Post('https://example.com/config', 1).body.limit", 3],
    ["http.Client('').Get('https://example.com/config').statusCode", 200n],
    [`http.client(${JSON.stringify(CA)}).get('https://example.com/config').body.allowed`, true],
  ];
  it.each(values)('%s', (expression, value) => {
    expect(valueOf(env.run(expression, { httpMocks }, { object: { a: 1 } }))).toEqual(value);
  });

  const errors: [string, RegExp][] = [
    ["http.Get('https://example.com/other')", /^request failed: http calls are not available offline: mock GET https:\/\/example\.com\/other in the Test's apiCallResponses/],
    ["http.Post('https://example.com/other', {})", /^request failed: http calls are not available offline: mock POST/],
    ["http.Client('not a pem')", /^request failed: failed to parse PEM CA bundle for APICall$/],
  ];
  it.each(errors)('%s fails', (expression, message) => {
    expect(errorOf(env.run(expression, { httpMocks }))).toMatch(message);
  });

  it('fails every call without mocks', () => {
    expect(errorOf(env.run("http.Get('https://example.com/config')"))).toMatch(/not available offline/);
  });

  const compileErrors = ["http.Get()", "http.Get(1)", "http.Post('u')", "http.Get('u', {'a': 1})", "http.Client(1)"];
  it.each(compileErrors)('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
});

describe('http (namespaced policy)', () => {
  const env = kyvernoEnvironment({ namespace: 'team' });
  it('answers mocked calls', () => {
    expect(valueOf(env.run("http.Get('https://example.com/config').body.limit", { httpMocks }))).toBe(3);
  });
  it('refuses unmocked calls as Kyverno does without --allowHTTPInNamespacedPolicies', () => {
    expect(errorOf(env.run("http.Get('https://example.com/other')", { httpMocks }))).toBe(
      'request failed: http calls are not allowed in namespaced policies: set --allowHTTPInNamespacedPolicies to enable',
    );
  });
});
