/**
 * x509_decode (`jpX509Decode`, kyverno/kyverno pkg/engine/jmespath/functions.go): Kyverno's own test
 * vectors (functions_test.go `Test_x509Decode`), and certificates built here with chosen extensions,
 * cross-checked against Node's X.509 parser.
 */
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildCertificate,
  ctx,
  extension,
  ia5,
  integer,
  name,
  octets,
  oid,
  printable,
  seq,
  utf8,
  bits,
  bool,
} from './der-builder.js';
import { run } from './evaluate.js';

/** The `*.kyverno.svc` certificate of Kyverno's `Test_x509Decode`. */
const KYVERNO_CERT = `-----BEGIN CERTIFICATE-----
MIIC7TCCAdWgAwIBAgIBADANBgkqhkiG9w0BAQsFADAYMRYwFAYDVQQDDA0qLmt5
dmVybm8uc3ZjMB4XDTIyMDExMTEzMjY0M1oXDTIzMDExMTE0MjY0M1owGDEWMBQG
A1UEAwwNKi5reXZlcm5vLnN2YzCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoC
ggEBAMsAz85+yino+MmdKsVtHwNi3oAVjumzXHiLfUJK7xi5KU8B7goPHF/VCe/V
7Y2c4afyfgY2ePw4LxSDkCYNgYwqjSwGIbcsqv5ZRazBdDxR09ri6PknNyBVGLi5
RlPXIrGQ3psNuf55qwxJxLO31qCZuvktKY5YvuIR4JPmBhuSFXOnn0ZiQw8uxMcQ
0QA2lz+PxWCVNk9q+31H5DH1oYZDLfU3mijIOA+AJGZbBb+ZwBmpVL0+2TXLxE74
WowdKEV+WTsKojNTd0VwcuRKRKR/6ynXAAis21y1X7Ui9FJE6mDIylUD40WXOKGJ
1lYY41kRnYhVhvXYN9JtNYdY3HsCAwEAAaNCMEAwDgYDVR0PAQH/BAQDAgKkMA8G
A1UdEwEB/wQFMAMBAf8wHQYDVR0OBBYEFOnlASVD9fu3TAjptlW/gAXA4ql+MA0G
CSqGSIb3DQEBCwUAA4IBAQCIpyRiChxp97crKfQ24Jt7z8P+AGpLf3sX4eL87ESa
7QRoVJtXLmaut1pUEoYLQruKmh/0YFtZG9WxVgY6iuKbWnu7bOeMB/Ir+V/yrX3R
+XvZOsuXiJnEbJiBW6lJzLldoW4f/71H+j1WD4tHpqmdMxq/sLqXfPIuc0/m0yFC
n+ADBWGGB8Nn66vxtv+cT6p+RIVotXPQWbMilWp6pd5wSuB68FqrDwtYLNJtPwFs
9MPVkuaJdYZ0eWd/rMcKD94Hgf89gvA0+qzMVFf+3BemXskjQRYy6CKsqoyC6jX4
nhYjumAP/7psbzITsnpHtfCEEU+2JZwgM406aiMcsgLb
-----END CERTIFICATE-----
`;

/** The DigiCert certificate request of Kyverno's `Test_x509Decode`. */
const KYVERNO_CSR = `-----BEGIN CERTIFICATE REQUEST-----
MIICvDCCAaQCAQAwdzELMAkGA1UEBhMCVVMxDTALBgNVBAgMBFV0YWgxDzANBgNV
BAcMBkxpbmRvbjEWMBQGA1UECgwNRGlnaUNlcnQgSW5jLjERMA8GA1UECwwIRGln
aUNlcnQxHTAbBgNVBAMMFGV4YW1wbGUuZGlnaWNlcnQuY29tMIIBIjANBgkqhkiG
9w0BAQEFAAOCAQ8AMIIBCgKCAQEA8+To7d+2kPWeBv/orU3LVbJwDrSQbeKamCmo
wp5bqDxIwV20zqRb7APUOKYoVEFFOEQs6T6gImnIolhbiH6m4zgZ/CPvWBOkZc+c
1Po2EmvBz+AD5sBdT5kzGQA6NbWyZGldxRthNLOs1efOhdnWFuhI162qmcflgpiI
WDuwq4C9f+YkeJhNn9dF5+owm8cOQmDrV8NNdiTqin8q3qYAHHJRW28glJUCZkTZ
wIaSR6crBQ8TbYNE0dc+Caa3DOIkz1EOsHWzTx+n0zKfqcbgXi4DJx+C1bjptYPR
BPZL8DAeWuA8ebudVT44yEp82G96/Ggcf7F33xMxe0yc+Xa6owIDAQABoAAwDQYJ
KoZIhvcNAQEFBQADggEBAB0kcrFccSmFDmxox0Ne01UIqSsDqHgL+XmHTXJwre6D
hJSZwbvEtOK0G3+dr4Fs11WuUNt5qcLsx5a8uk4G6AKHMzuhLsJ7XZjgmQXGECpY
Q4mC3yT3ZoCGpIXbw+iP3lmEEXgaQL0Tx5LFl/okKbKYwIqNiyKWOMj7ZR/wxWg/
ZDGRs55xuoeLDJ/ZRFf9bI+IaCUd1YrfYcHIl3G87Av+r49YVwqRDT0VDV7uLgqn
29XI1PpVUNCPQGn9p/eX6Qo7vpDaPybRtA2R7XLKjQaF9oXWeCUqy1hvJac9QFO2
97Ob1alpHPoZ7mWiEuJwjBPii6a9M9G30nUo39lBi1w=
-----END CERTIFICATE REQUEST-----`;

const cn = (value: string) => ({
  Country: null,
  Organization: null,
  OrganizationalUnit: null,
  Locality: null,
  Province: null,
  StreetAddress: null,
  PostalCode: null,
  SerialNumber: '',
  CommonName: value,
  Names: [{ Type: [2, 5, 4, 3], Value: value }],
  ExtraNames: null,
});

/** Fields of Kyverno's expected JSON for the `*.kyverno.svc` certificate (Go's x509.Certificate). */
const KYVERNO_CERT_FIELDS = {
  RawSubject: 'MBgxFjAUBgNVBAMMDSoua3l2ZXJuby5zdmM=',
  RawIssuer: 'MBgxFjAUBgNVBAMMDSoua3l2ZXJuby5zdmM=',
  SignatureAlgorithm: 4,
  PublicKeyAlgorithm: 1,
  PublicKey: {
    N: '25626776194299809103943925293022478779550111351090439168995035251396620593900589237452364135475983088162735720467798166985191488213022186077349821145857402701723499012699772423162550319145896535355752944351742979794245171828792388153331005254201525593934122190716637483002316913539755904599370968007653484768793099970920881706651907943367212661888776583428009130496820305182341702970575924538413569026902195901329094514102681440057150490032724791460671006772434362132998853498175356133386237155854830546292463707783883111067332118558636600306550854546869660051077649500890548685566726464348535891964886136890236394619',
    E: 65537,
  },
  Version: 3,
  SerialNumber: 0,
  Issuer: cn('*.kyverno.svc'),
  Subject: cn('*.kyverno.svc'),
  NotBefore: '2022-01-11T13:26:43Z',
  NotAfter: '2023-01-11T14:26:43Z',
  KeyUsage: 37,
  Extensions: [
    { Id: [2, 5, 29, 15], Critical: true, Value: 'AwICpA==' },
    { Id: [2, 5, 29, 19], Critical: true, Value: 'MAMBAf8=' },
    { Id: [2, 5, 29, 14], Critical: false, Value: 'BBTp5QElQ/X7t0wI6bZVv4AFwOKpfg==' },
  ],
  ExtraExtensions: null,
  UnhandledCriticalExtensions: null,
  ExtKeyUsage: null,
  UnknownExtKeyUsage: null,
  BasicConstraintsValid: true,
  IsCA: true,
  MaxPathLen: -1,
  MaxPathLenZero: false,
  SubjectKeyId: '6eUBJUP1+7dMCOm2Vb+ABcDiqX4=',
  AuthorityKeyId: null,
  OCSPServer: null,
  IssuingCertificateURL: null,
  DNSNames: null,
  EmailAddresses: null,
  IPAddresses: null,
  URIs: null,
  PermittedDNSDomainsCritical: false,
  PermittedDNSDomains: null,
  ExcludedDNSDomains: null,
  PermittedIPRanges: null,
  ExcludedIPRanges: null,
  PermittedEmailAddresses: null,
  ExcludedEmailAddresses: null,
  PermittedURIDomains: null,
  ExcludedURIDomains: null,
  CRLDistributionPoints: null,
  PolicyIdentifiers: null,
};

/** The certificate's DER, which the `Raw` field holds. */
const pemBody = (pem: string): string => pem.split('\n').filter((l) => l !== '' && !l.startsWith('-----')).join('');

describe('x509_decode on Kyverno test vectors', () => {
  it('decodes the *.kyverno.svc certificate as Go marshals x509.Certificate', () => {
    const outcome = run('x509_decode(pem)', { pem: KYVERNO_CERT });
    expect(outcome).toEqual({ result: expect.objectContaining(KYVERNO_CERT_FIELDS) });
    const cert = (outcome as { result: Record<string, unknown> }).result;
    expect(cert.Raw).toBe(pemBody(KYVERNO_CERT));
    expect(Object.keys(cert)).toEqual(
      expect.arrayContaining(['Policies', 'InhibitAnyPolicy', 'PolicyMappings', 'RequireExplicitPolicyZero', 'RawTBSCertificate']),
    );
  });

  it('gives the same object for the PEM passed through base64_decode', () => {
    const direct = run('x509_decode(pem)', { pem: KYVERNO_CERT });
    const encoded = Buffer.from(KYVERNO_CERT).toString('base64');
    expect(run(`x509_decode(base64_decode('${encoded}'))`)).toEqual(direct);
  });

  it('decodes the DigiCert certificate request', () => {
    const outcome = run('x509_decode(pem)', { pem: KYVERNO_CSR });
    expect(outcome).toEqual({
      result: expect.objectContaining({
        Version: 0,
        SignatureAlgorithm: 3,
        PublicKeyAlgorithm: 1,
        RawSubject:
          'MHcxCzAJBgNVBAYTAlVTMQ0wCwYDVQQIDARVdGFoMQ8wDQYDVQQHDAZMaW5kb24xFjAUBgNVBAoMDURpZ2lDZXJ0IEluYy4xETAPBgNVBAsMCERpZ2lDZXJ0MR0wGwYDVQQDDBRleGFtcGxlLmRpZ2ljZXJ0LmNvbQ==',
        Subject: {
          CommonName: 'example.digicert.com',
          Country: ['US'],
          ExtraNames: null,
          Locality: ['Lindon'],
          Names: [
            { Type: [2, 5, 4, 6], Value: 'US' },
            { Type: [2, 5, 4, 8], Value: 'Utah' },
            { Type: [2, 5, 4, 7], Value: 'Lindon' },
            { Type: [2, 5, 4, 10], Value: 'DigiCert Inc.' },
            { Type: [2, 5, 4, 11], Value: 'DigiCert' },
            { Type: [2, 5, 4, 3], Value: 'example.digicert.com' },
          ],
          Organization: ['DigiCert Inc.'],
          OrganizationalUnit: ['DigiCert'],
          PostalCode: null,
          Province: ['Utah'],
          SerialNumber: '',
          StreetAddress: null,
        },
        Attributes: null,
        Extensions: null,
        ExtraExtensions: null,
        DNSNames: null,
        EmailAddresses: null,
        IPAddresses: null,
        URIs: null,
        Raw: pemBody(KYVERNO_CSR),
      }),
    });
  });
});

const errors: [string, string][] = [
  ['', 'failed to decode PEM block'],
  ['not a pem', 'failed to decode PEM block'],
  ['-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', 'PEM block neither contains a CERTIFICATE or CERTIFICATE REQUEST'],
  ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', 'x509: malformed certificate'],
  ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'.replace('AAAA', 'MAA='), 'x509: malformed tbs certificate'],
];

describe('x509_decode errors', () => {
  it.each(errors)('%j → %s', (pem, error) => {
    expect(run('x509_decode(pem)', { pem })).toEqual({ error, kind: 'runtime' });
  });
});

describe('x509_decode on built certificates', () => {
  const built = buildCertificate({
    serial: 0x1234n,
    issuer: name(['2.5.4.6', printable('US')], ['2.5.4.10', utf8('Example Org')], ['2.5.4.3', utf8('Test CA')]),
    subject: name(['2.5.4.3', utf8('app.example.com')], ['2.5.4.11', utf8('Platform')]),
    notBefore: '260101000000Z',
    notAfter: '490101000000Z',
    extensions: [
      extension('2.5.29.15', true, bits(Uint8Array.of(0xa0), 5)),
      extension('2.5.29.19', true, seq(bool(true), integer(1n))),
      extension(
        '2.5.29.17',
        false,
        seq(
          ctx(2, false, Buffer.from('app.example.com')),
          ctx(7, false, Uint8Array.of(10, 0, 0, 1)),
          ctx(7, false, Buffer.from('20010db8000000000000000000000001', 'hex')),
          ctx(1, false, Buffer.from('ops@example.com')),
          ctx(6, false, Buffer.from('spiffe://cluster.local/ns/default/sa/app')),
        ),
      ),
      extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'), oid('1.3.6.1.5.5.7.3.2'), oid('1.2.3.4'))),
      extension('2.5.29.14', false, octets(Uint8Array.of(1, 2, 3))),
      extension('2.5.29.35', false, seq(ctx(0, false, Uint8Array.of(4, 5, 6)))),
      extension('2.5.29.31', false, seq(seq(ctx(0, true, ctx(0, true, ctx(6, false, Buffer.from('http://crl.example.com/ca.crl'))))))),
      extension(
        '1.3.6.1.5.5.7.1.1',
        false,
        seq(seq(oid('1.3.6.1.5.5.7.48.1'), ctx(6, false, Buffer.from('http://ocsp.example.com'))), seq(oid('1.3.6.1.5.5.7.48.2'), ctx(6, false, Buffer.from('http://ca.example.com/ca.crt')))),
      ),
      extension('2.5.29.32', false, seq(seq(oid('2.23.140.1.2.1')))),
      extension('1.2.3.4.5', true, octets(Uint8Array.of(0))),
    ],
  });
  const decoded = run('x509_decode(pem)', { pem: built.pem });
  const cert = (decoded as { result: Record<string, unknown> }).result;
  const node = new X509Certificate(built.pem);

  it('decodes the fields Go fills from the extensions', () => {
    expect(cert).toMatchObject({
      Version: 3,
      SerialNumber: 0x1234,
      SignatureAlgorithm: 4,
      KeyUsage: 5,
      BasicConstraintsValid: true,
      IsCA: true,
      MaxPathLen: 1,
      MaxPathLenZero: false,
      DNSNames: ['app.example.com'],
      IPAddresses: ['10.0.0.1', '2001:db8::1'],
      EmailAddresses: ['ops@example.com'],
      URIs: [
        {
          Scheme: 'spiffe',
          Opaque: '',
          User: null,
          Host: 'cluster.local',
          Path: '/ns/default/sa/app',
          RawPath: '',
          OmitHost: false,
          ForceQuery: false,
          RawQuery: '',
          Fragment: '',
          RawFragment: '',
        },
      ],
      ExtKeyUsage: [1, 2],
      UnknownExtKeyUsage: [[1, 2, 3, 4]],
      SubjectKeyId: 'AQID',
      AuthorityKeyId: 'BAUG',
      CRLDistributionPoints: ['http://crl.example.com/ca.crl'],
      OCSPServer: ['http://ocsp.example.com'],
      IssuingCertificateURL: ['http://ca.example.com/ca.crt'],
      Policies: ['2.23.140.1.2.1'],
      PolicyIdentifiers: [[2, 23, 140, 1, 2, 1]],
      UnhandledCriticalExtensions: [[1, 2, 3, 4, 5]],
      NotBefore: '2026-01-01T00:00:00Z',
      NotAfter: '2049-01-01T00:00:00Z',
      Issuer: { Country: ['US'], Organization: ['Example Org'], CommonName: 'Test CA' },
      Subject: { OrganizationalUnit: ['Platform'], CommonName: 'app.example.com' },
    });
  });

  it('agrees with Node on the key, the subject and the validity', () => {
    const jwk = built.publicKey.export({ format: 'jwk' });
    const modulus = BigInt(`0x${Buffer.from(jwk.n!, 'base64url').toString('hex')}`);
    expect(cert.PublicKey).toEqual({ N: modulus.toString(), E: 65537 });
    expect(node.subject).toBe('CN=app.example.com\nOU=Platform');
    expect(new Date(node.validFrom).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(node.serialNumber).toBe('1234');
  });

  it('rejects certificates whose key is not RSA, as Kyverno does', () => {
    const ec = buildCertificate({
      serial: 1n,
      issuer: name(['2.5.4.3', utf8('ec')]),
      subject: name(['2.5.4.3', utf8('ec')]),
      notBefore: '260101000000Z',
      notAfter: '270101000000Z',
      extensions: [],
      keyType: 'ec',
    });
    expect(run('x509_decode(pem)', { pem: ec.pem })).toEqual({ error: 'certificate should use rsa algorithm', kind: 'runtime' });
  });

  it('reads IA5String subjects', () => {
    const ia5Cert = buildCertificate({
      serial: 2n,
      issuer: name(['2.5.4.3', ia5('ia5')]),
      subject: name(['1.2.840.113549.1.9.1', ia5('a@example.com')]),
      notBefore: '260101000000Z',
      notAfter: '270101000000Z',
      extensions: [],
    });
    expect(run('x509_decode(pem).[Issuer.CommonName, Subject.Names]', { pem: ia5Cert.pem })).toEqual({
      result: ['ia5', [{ Type: [1, 2, 840, 113549, 1, 9, 1], Value: 'a@example.com' }]],
    });
  });
});
