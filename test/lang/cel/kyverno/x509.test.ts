import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCelEnvironment } from '../../../../src/lang/cel/environment.js';
import { x509Library } from '../../../../src/lang/cel/kyverno/x509.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/x509');
const expected = JSON.parse(readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, { value?: unknown; error?: string }>;
const pem = (file: string): string => readFileSync(path.join(FIXTURES, file), 'utf8');

const env = createCelEnvironment({ variables: { pem: 'string' }, libraries: [x509Library()] });

function decode(text: string, expression = 'x509.decode(pem)') {
  const compiled = env.compile(expression);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.program.evaluate({ pem: text });
}

describe('x509.decode: what Go gives for each fixture', () => {
  it.each(Object.keys(expected))('%s', (file) => {
    const result = decode(pem(file));
    const want = expected[file]!;
    if (want.error !== undefined) {
      expect(result.ok ? result.value : result.error.message).toBe(want.error);
    } else {
      expect(result.ok ? result.value : result.error.message).toEqual(want.value);
    }
  });
});

describe('x509.decode in expressions', () => {
  const values: [string, string, unknown][] = [
    ['ca.crt.pem', 'x509.decode(pem).Issuer.CommonName', 'example.com'],
    ['ca.crt.pem', 'x509.decode(pem).IsCA && x509.decode(pem).MaxPathLen == 2.0', true],
    ['ca.crt.pem', "x509.decode(pem).DNSNames.exists(n, n == '*.example.com')", true],
    ['ca.crt.pem', "x509.decode(pem).IPAddresses", ['10.0.0.1', '2001:db8::1']],
    ['ca.crt.pem', 'x509.decode(pem).ExtKeyUsage', [1, 2]],
    ['ca.crt.pem', 'x509.decode(pem).PublicKey.E', 65537],
    // There is no Subject field for certificates (kyverno/sdk CertificateOutput), only RawSubject.
    ['ca.crt.pem', "'Subject' in x509.decode(pem)", false],
    ['app.csr.pem', 'x509.decode(pem).Subject.Organization', ['Example Corp']],
    ['app.csr.pem', 'x509.decode(pem).URIs[0].Host', 'example.com'],
    ['v1.crt.pem', 'x509.decode(pem).NotAfter', '2109-01-15T19:43:55Z'],
  ];
  it.each(values)('%s: %s', (file, expression, value) => {
    expect(decode(pem(file), expression)).toEqual({ ok: true, value });
  });

  const errors: [string, string][] = [
    ['not a pem', 'failed to decode PEM block'],
    ['-----BEGIN CERTIFICATE-----\nMIIBAA==\n-----END CERTIFICATE-----\n', 'x509: malformed certificate'],
    ['-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n', 'failed to decode PEM block'],
  ];
  it.each(errors)('%j fails', (text, message) => {
    const result = decode(text);
    expect(result.ok ? result.value : result.error.message).toBe(message);
  });

  it.each(['x509.decode(1)', 'x509.decode()', "x509.parse('x')"])('%s is a compile error', (expression) => {
    expect(env.compile(expression).ok).toBe(false);
  });
});
