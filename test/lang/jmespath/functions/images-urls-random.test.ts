/**
 * image_normalize, is_external_url (offline: IP literals and localhost) and random: `jpImageNormalize`,
 * `jpIsExternalURL` and `jpRandom` of kyverno/kyverno pkg/engine/jmespath/functions.go.
 */
import { describe, expect, it } from 'vitest';
import { type Expected, expectedOutcome, fails, ok, run } from './evaluate.js';

const badImage = (image: string, reason: string): Expected =>
  fails(
    `JMESPath function 'image_normalize': bad image: ${image}, defaultRegistry: docker.io, enableDefaultRegistryMutation: true: ${reason}`,
  );
const digest = 'sha256:dead07b4d8ed7e29e98de0f4504d87e8880d4347859d839686a31da35a3b532f';

const cases: [string, Expected][] = [
  ["image_normalize('nginx')", ok('docker.io/nginx:latest')],
  ["image_normalize('docker.io/nginx')", ok('docker.io/nginx:latest')],
  ["image_normalize('docker.io/library/nginx')", ok('docker.io/library/nginx:latest')],
  ["image_normalize('ghcr.io/library/nginx')", ok('ghcr.io/library/nginx:latest')],
  ["image_normalize('ghcr.io/nginx')", ok('ghcr.io/nginx:latest')],
  ["image_normalize('ghcr.io/nginx:latest')", ok('ghcr.io/nginx:latest')],
  ["image_normalize('ghcr.io/nginx:1.2')", ok('ghcr.io/nginx:1.2')],
  ["image_normalize('')", badImage('docker.io/', 'invalid reference format')],
  [`image_normalize('nginx:1.2@${digest}')`, ok(`docker.io/nginx@${digest}`)],
  ["image_normalize('localhost:5000/a/b')", ok('localhost:5000/a/b:latest')],
  ["image_normalize('NGINX')", badImage('docker.io/NGINX', 'repository name must be lowercase')],
  // is_external_url
  ["is_external_url('http://localhost')", ok(false)],
  ["is_external_url('http://127.0.0.1')", ok(false)],
  ["is_external_url('http://172.16.1.1')", ok(false)],
  ["is_external_url('http://10.1.1.1')", ok(false)],
  ["is_external_url('http://192.168.0.1')", ok(false)],
  ["is_external_url('http://8.8.8.8')", ok(true)],
  ["is_external_url('http://245.48.83.160')", ok(true)],
  ["is_external_url('http://[fd12:3456:789a:1::1]')", ok(false)],
  ["is_external_url('http://[fdb7:d8fd:c4e4:5561::1]')", ok(false)],
  ["is_external_url('http://[::1]')", ok(false)],
  ["is_external_url('http://[2001:db8::ff00:42:8329]')", ok(true)],
  ["is_external_url('http://www.google.com@192.168.1.3')", ok(false)],
  ["is_external_url('http://169.254.1.1')", ok(true)],
  ["is_external_url('http://0.0.0.0')", ok(true)],
  ["is_external_url('https://127.0.0.1:8443/path?q=1#f')", ok(false)],
  ["is_external_url('http://[::ffff:10.0.0.1]')", ok(false)],
  ["is_external_url('http://LOCALHOST:8080')", ok(false)],
  ["is_external_url('http://app.localhost')", fails('lookup app.localhost: no such host')],
  ["is_external_url('8.8.8.8')", fails('lookup : no such host')],
  ["is_external_url('http://example.invalid')", fails('lookup example.invalid: no such host')],
  ["is_external_url('http://[::1')", fails('parse "http://[::1": missing \']\' in host')],
  ["is_external_url(':x')", fails('parse ":x": missing protocol scheme')],
  ["is_external_url('http://a b')", fails('parse "http://a b": invalid character " " in host name')],
  ["is_external_url('http://10.0.0.1:x')", fails('parse "http://10.0.0.1:x": invalid port ":x" after host')],
  // random: shapes only
  ["length(random('[a-z]{8}'))", ok(8)],
  ["regex_match('^[a-z]{8}$', random('[a-z]{8}'))", ok(true)],
  ["regex_match('^[0-9a-f]{4}-(x|y)$', random('[0-9a-f]{4}-(x|y)'))", ok(true)],
  ["random('^abc$')", ok('abc')],
  ["type(random('[0-9]{3}'))", ok('string')],
  ["random('')", fails('no pattern provided')],
  ["random('[')", fails('error parsing regexp: missing closing ]: `[`')],
  [String.raw`random('\d')`, fails('error parsing regexp: invalid escape sequence: `\\d`')],
  ["random('(?i)a')", fails('error parsing regexp: missing argument to repetition operator: `?`')],
  ["random('a{1001}')", fails('error parsing regexp: invalid repeat count: `{1001}`')],
  ["random('(a')", fails('error parsing regexp: missing closing ): `(a`')],
  ["random('a)')", fails('error parsing regexp: unexpected ): `a)`')],
  ["random('[z-a]')", fails('error parsing regexp: invalid character class range: `z-a`')],
  ["random('[[:digit:]]{3}') | regex_match('^[0-9]{3}$', @)", ok(true)],
  ["random('a**')", { result: expect.stringMatching(/^a*$/) }],
];

describe('images, URLs and random (jpImageNormalize, jpIsExternalURL, jpRandom)', () => {
  for (const [expression, expected] of cases) {
    it(expression, () => {
      expect(run(expression)).toEqual(expectedOutcome(expected));
    });
  }

  it('random repeats unbounded patterns at most 4096 times', () => {
    for (let i = 0; i < 20; i++) {
      const outcome = run("random('a*')");
      expect(outcome).toEqual({ result: expect.stringMatching(/^a{0,4096}$/) });
    }
  });
});
