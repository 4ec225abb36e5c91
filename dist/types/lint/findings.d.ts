/**
 * @file From engine responses to findings: which rule responses are reported (failures, and errors of
 * rules that could not be evaluated), with what severity (the rule's failure action mapped by the
 * configuration, `policies.kyverno.io/scored: "false"` as a warning), what rule id, and where: the node
 * of the field Kyverno's failure path names (autogen rules and foreach elements included), else the
 * document start. Rendered Helm input is reported in its template files.
 */
import type { ResourceResponse } from '../evaluate/processor.js';
import type { ResourceDocument } from '../evaluate/resource.js';
import { type CompiledPolicy } from '../evaluate/types.js';
import type { LintConfig } from '../config/types.js';
import type { Finding, Location } from '../report/types.js';
import type { RuleResponse } from '../types.js';
import { type SourceText } from './workspace.js';
/** A location in rendered Helm input, moved to the template the document came from. */
export declare function inTemplate(file: SourceText, location: Location): Location;
export interface FindingContext {
    config: LintConfig;
    file: SourceText;
    resource: ResourceDocument;
    /** Labels of the resource's namespace (from Namespace manifests), for failure-action overrides. */
    namespaceLabels: Readonly<Record<string, string>>;
}
/** The outcome of converting one resource's responses. */
interface ResourceFindings {
    findings: Finding[];
    /** Findings left out by `ignore` or severity `off`. */
    suppressed: number;
}
/** The findings of the validate, mutate and generate responses of one resource (mutations are added by the caller). */
export declare function responseFindings(responses: readonly ResourceResponse[], context: FindingContext): ResourceFindings;
/** Whether findings of this rule are reported: not ignored, and not set to `off` by the configuration. */
export declare function isReported(config: LintConfig, policy: CompiledPolicy, rule: string): boolean;
/**
 * The finding of a mutated resource: the mutate rules that changed it, with the source edits as its fix.
 * With `unsettled` rules (those that would change the mutated resource again), the mutation is not
 * idempotent: the finding names them, carries no fix, and takes the rule id of the first of them.
 */
export declare function mutationFinding(context: FindingContext, rules: readonly {
    policy: CompiledPolicy;
    rule: RuleResponse;
}[], mutation: {
    fixable: boolean;
    fix?: Finding['fix'];
}, location: Location, unsettled?: readonly {
    policy: CompiledPolicy;
    rule: RuleResponse;
}[]): Finding | null;
export {};
