/**
 * @file Kyverno's `x509_decode`: the first PEM block of the argument, a `CERTIFICATE` or a
 * `CERTIFICATE REQUEST` with an RSA key, decoded to the JSON form of Go's struct.
 */
import { decodePem } from '../../../util/pem.js';
import { utf8Bytes } from './go-utf8.js';
import type { KyvernoFunction } from './kyverno-function.js';
import { decodeCertificate } from './x509-certificate.js';
import { decodeCertificateRequest } from './x509-request.js';

function x509Decode(pem: string): unknown {
  const [block] = decodePem(utf8Bytes(pem));
  if (block === null) throw new Error('failed to decode PEM block');
  switch (block.type) {
    case 'CERTIFICATE':
      return decodeCertificate(block.bytes);
    case 'CERTIFICATE REQUEST':
      return decodeCertificateRequest(block.bytes);
    default:
      throw new Error('PEM block neither contains a CERTIFICATE or CERTIFICATE REQUEST');
  }
}

export const X509_FUNCTIONS: readonly KyvernoFunction[] = [
  {
    name: 'x509_decode',
    args: [{ types: ['string'] }],
    handler: ([pem]) => x509Decode(pem as string),
    returnType: ['object'],
    note: 'decodes an x.509 certificate to an object. you may also use this in conjunction with `base64_decode` jmespath function to decode a base64-encoded certificate',
  },
];
