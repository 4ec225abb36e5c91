/**
 * @file The CEL environment of Kubernetes admission policies, as Kyverno builds it for ClusterPolicy
 * `validate.cel` rules and ValidatingAdmissionPolicies (kyverno/kyverno pkg/admissionpolicy/compiler.go,
 * `NewCompiler`): the Kubernetes base environment plus Kyverno's `orValue` compatibility and none of Kyverno's
 * libraries, with the admission variables of k8s.io/apiserver pkg/admission/plugin/cel/compile.go
 * (`createEnvForOpts`) and the composited `variables` object (composition.go, `newCompositionState`).
 *
 * Every admission-policy program is compiled in an environment made here, so declarations (typed `request` and
 * `namespaceObject`, the Kubernetes libraries) are added in this one place.
 */
import { createCelEnvironment, type CelEnvironment, type CelLibrary } from '../../lang/cel/index.js';
import { jsonPatchLibrary, KUBERNETES_LIBRARIES } from '../../lang/cel/kubernetes/index.js';

/**
 * The Kubernetes libraries of the base environment (k8s.io/apiserver pkg/cel/environment/base.go: URLs, regex, lists,
 * quantity, IP, CIDR, format, semver); the JSONPatch library only with the mutation types.
 */
const BASE_LIBRARIES = KUBERNETES_LIBRARIES.filter((library) => library !== jsonPatchLibrary);

/** The cost limit of one expression (k8s.io/apiserver pkg/apis/cel/config.go, `PerCallLimit`). */
export const PER_CALL_LIMIT = 1_000_000;

/** The cost budget of one validation run (k8s.io/apiserver pkg/apis/cel/config.go, `RuntimeCELCostBudget`). */
export const RUNTIME_COST_BUDGET = 10_000_000;

/** The CEL type name of the composited variables (composition.go, `variablesTypeName`). */
const VARIABLES_TYPE = 'kubernetes.variables';

/** A composited variable visible to an expression: its name and the output type of its expression. */
export interface VariableDeclaration {
  readonly name: string;
  readonly type: string;
}

/** The optional declarations of an environment (cel `OptionalVariableDeclarations`) and the variables in scope. */
export interface AdmissionDeclarations {
  /** Declare `params` (the policy has a `paramKind`). */
  readonly params: boolean;
  /** Declare `authorizer` (`validate.cel` validations, variables and preconditions; never VAP or messages). */
  readonly authorizer: boolean;
  /** The composited variables declared before the expression (an expression sees only earlier ones). */
  readonly variables: readonly VariableDeclaration[];
  /**
   * Declare the mutation types `Object` and `JSONPatch` (`HasPatchTypes`, MutatingAdmissionPolicies:
   * k8s.io/apiserver pkg/admission/plugin/cel/compile.go `createEnvForOpts`, mutation.DynamicTypeResolver and the
   * JSONPatch library), with the Kubernetes libraries of the base environment.
   */
  readonly patchTypes?: boolean;
}

/**
 * The value of the `variables` variable: an object whose fields are the composited variables, evaluated on
 * first read (composition.go, `compositionContext.Variables`, a lazy map). Its class is the one registered for
 * `kubernetes.variables` in every admission environment.
 */
export class CompositedVariables {}

/**
 * A type name cel-js reports for a checked expression, as a declaration: type parameters of empty literals
 * (`list<T>`, `map<K, V>`, `optional<T>`) become `dyn`.
 */
function declarable(type: string): string {
  return type.replace(/(?<![\w.])[A-Z](?![\w.])/g, 'dyn');
}

function variablesLibrary(variables: readonly VariableDeclaration[]): CelLibrary {
  const fields: Record<string, string> = {};
  for (const variable of variables) fields[variable.name] = declarable(variable.type);
  return (env) => {
    env.registerType(VARIABLES_TYPE, { ctor: CompositedVariables, fields });
  };
}

/** An environment of the Kubernetes admission CEL variables with `declarations` (see the file comment). */
export function admissionCelEnvironment(declarations: AdmissionDeclarations): CelEnvironment {
  const variables: Record<string, string> = {
    object: 'dyn',
    oldObject: 'dyn',
    request: 'dyn',
    namespaceObject: 'dyn',
  };
  if (declarations.params) variables.params = 'dyn';
  if (declarations.authorizer) variables.authorizer = 'dyn';
  variables.variables = VARIABLES_TYPE;
  if (declarations.patchTypes) {
    return createCelEnvironment({ variables, libraries: [variablesLibrary(declarations.variables), ...KUBERNETES_LIBRARIES], costLimit: PER_CALL_LIMIT, structLiterals: true });
  }
  return createCelEnvironment({ variables, libraries: [variablesLibrary(declarations.variables), ...BASE_LIBRARIES], costLimit: PER_CALL_LIMIT });
}
