/**
 * @file `seLinuxOptions` (baseline): the SELinux type must be empty or an allowed container type
 * (`container_engine_t` allowed from 1.31) and `user`/`role` must be unset, on the pod and on every
 * container. Port of `check_seLinuxOptions.go` (Kyverno's fork of k8s.io/pod-security-admission).
 */
import { containerPath, joinQuote, namedContainers, PATHS, pluralize, Violations, visitContainers } from '../check-helpers.js';
import type { Check, CheckFailure, CheckFn } from '../check-types.js';
import { forbidden, type FieldError, type FieldPath } from '../field-error.js';
import { sortedSet } from '../go-strings.js';
import type { PodMeta, PodSpec, SELinuxOptions } from '../pod-model.js';

const ALLOWED_TYPES_1_0: ReadonlySet<string> = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);
const ALLOWED_TYPES_1_31: ReadonlySet<string> = new Set([...ALLOWED_TYPES_1_0, 'container_engine_t']);

/** Where the three fields of one `seLinuxOptions` live. */
interface OptionPaths {
  type: FieldPath;
  user: FieldPath;
  role: FieldPath;
}

const POD_OPTION_PATHS: OptionPaths = {
  type: PATHS.seLinuxOptionsType,
  user: PATHS.seLinuxOptionsUser,
  role: PATHS.seLinuxOptionsRole,
};

function containerOptionPaths(path: FieldPath): OptionPaths {
  const options = path.child('securityContext', 'seLinuxOptions');
  return { type: options.child('type'), user: options.child('user'), role: options.child('role') };
}

/** What the option checks of one pod found so far. */
interface SELinuxFindings {
  readonly allowedTypes: ReadonlySet<string>;
  readonly badTypes: string[];
  setUser: boolean;
  setRole: boolean;
}

/** Appends the errors of `options` to `errs`; returns whether they are valid. */
function validateOptions(findings: SELinuxFindings, options: SELinuxOptions, paths: () => OptionPaths, errs: FieldError[]): boolean {
  let valid = true;
  if (!findings.allowedTypes.has(options.type)) {
    valid = false;
    findings.badTypes.push(options.type);
    errs.push(forbidden(paths().type, options.type));
  }
  if (options.user.length > 0) {
    valid = false;
    findings.setUser = true;
    errs.push(forbidden(paths().user, options.user));
  }
  if (options.role.length > 0) {
    valid = false;
    findings.setRole = true;
    errs.push(forbidden(paths().role, options.role));
  }
  return valid;
}

function seLinuxOptions(allowedTypes: ReadonlySet<string>): CheckFn {
  return (_meta: PodMeta, spec: PodSpec): CheckFailure | null => {
    const badSetters = new Violations();
    const findings: SELinuxFindings = { allowedTypes, badTypes: [], setUser: false, setRole: false };

    const podOptions = spec.securityContext?.seLinuxOptions;
    if (podOptions !== undefined) {
      const podErrs: FieldError[] = [];
      if (!validateOptions(findings, podOptions, () => POD_OPTION_PATHS, podErrs)) badSetters.add('pod', ...podErrs);
    }

    const badContainers: string[] = [];
    const containerErrs: FieldError[] = [];
    visitContainers(spec, (container, kind, index) => {
      const options = container.securityContext?.seLinuxOptions;
      if (options === undefined) return;
      if (!validateOptions(findings, options, () => containerOptionPaths(containerPath(kind, index)), containerErrs)) {
        badContainers.push(container.name);
      }
    });
    if (badContainers.length > 0) {
      badSetters.add(`${namedContainers(badContainers)}`, ...containerErrs);
    }

    if (badSetters.empty) return null;
    const badData: string[] = [];
    const types = sortedSet(findings.badTypes);
    if (types.length > 0) badData.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (findings.setUser) badData.push('user may not be set');
    if (findings.setRole) badData.push('role may not be set');
    return {
      reason: 'seLinuxOptions',
      detail: `${badSetters.data.join(' and ')} set forbidden securityContext.seLinuxOptions: ${badData.join('; ')}`,
      errList: badSetters.errs,
    };
  };
}

export const seLinuxOptionsCheck: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  versions: [
    { minimumMinor: 0, check: seLinuxOptions(ALLOWED_TYPES_1_0) },
    { minimumMinor: 31, check: seLinuxOptions(ALLOWED_TYPES_1_31) },
  ],
};
