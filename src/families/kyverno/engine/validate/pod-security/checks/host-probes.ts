/**
 * @file `hostProbesAndHostLifecycle` (baseline, 1.34+): probes and lifecycle handlers must not set
 * `httpGet.host` or `tcpSocket.host`. Port of `check_hostProbesAndhostLifecycle.go` (Kyverno's fork),
 * which reports no field errors for this check.
 */
import { containerPath, joinQuote, namedContainers, pluralize, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure } from '../check-types.js';
import type { FieldPath } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { Container, ContainerKind, Handler, PodMeta, PodSpec } from '../pod-model.js';

/** The handlers of a container, in the order the check reads them, with their field names. */
const HANDLERS: readonly [readonly string[], (container: Container) => Handler | undefined][] = [
  [['livenessProbe'], (container) => container.livenessProbe],
  [['readinessProbe'], (container) => container.readinessProbe],
  [['startupProbe'], (container) => container.startupProbe],
  [['lifecycle', 'postStart'], (container) => (container.hasLifecycle ? container.postStart : undefined)],
  [['lifecycle', 'preStop'], (container) => (container.hasLifecycle ? container.preStop : undefined)],
];

/** The field of the host a handler sets. */
function hostPath(kind: ContainerKind, index: number, fields: readonly string[], action: string): FieldPath {
  const [first, ...rest] = fields;
  return containerPath(kind, index).child(first!, ...rest, action, 'host');
}

function hostProbesAndHostLifecycleV1Dot34(_meta: PodMeta, spec: PodSpec): CheckFailure | null {
  const badContainers: string[] = [];
  const hosts: string[] = [];
  let hint: FieldPath | undefined;
  visitContainers(spec, (container, kind, index) => {
    for (const [fields, read] of HANDLERS) {
      const handler = read(container);
      if (handler === undefined) continue;
      const { httpGetHost, tcpSocketHost } = handler;
      if (!httpGetHost && !tcpSocketHost) continue;
      badContainers.push(container.name);
      if (httpGetHost) hosts.push(httpGetHost);
      if (tcpSocketHost) hosts.push(tcpSocketHost);
      hint ??= hostPath(kind, index, fields, httpGetHost ? 'httpGet' : 'tcpSocket');
    }
  });
  if (badContainers.length === 0) return null;
  const containers = sortedSet(badContainers);
  const hostList = sortedSet(hosts);
  return {
    reason: 'probe or lifecycle host',
    detail:
      `${namedContainers(containers)} ${pluralize('uses', 'use', containers.length)} ` +
      `${pluralize('probe or lifecycle host', 'probe or lifecycle hosts', hostList.length)} ${joinQuote(hostList)}`,
    errList: null,
    hint,
  };
}

export const hostProbesAndHostLifecycleCheck: Check = {
  id: 'hostProbesAndHostLifecycle',
  level: 'baseline',
  versions: [{ minimumMinor: 34, check: hostProbesAndHostLifecycleV1Dot34 }],
};
