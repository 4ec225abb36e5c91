/**
 * @file The report of `kyverno-lint migrate`: per policy and rule, what the rule became and whether the proof
 * verified it (with each disagreement: the resource, where it comes from, and both outcomes), or why it was not
 * translated, at file:line; then a summary. JSON carries the same facts.
 */
import type { MigrationRun, Place } from '../../migrate/run.js';
import type { Disagreement, MigrationProof, ResourceOrigin, RuleProof, SideOutcome } from '../../migrate/proof.js';
import { displayPath, type CliIo } from '../io.js';

export type Destination = { kind: 'out'; dir: string; written: number } | { kind: 'in-place'; written: number } | { kind: 'dry-run' };

function at(io: CliIo, place: Place): string {
  return `${displayPath(io, place.file)}:${place.line}:${place.column}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function proofLine(proof: RuleProof | undefined): string {
  if (proof === undefined) return 'not proven';
  if (proof.problems.length > 0) return `NOT VERIFIED: ${proof.problems[0]}`;
  if (proof.checked === 0) return 'NOT VERIFIED: no resource the rule applies to (add manifests with --resource, or a kyverno-test.yaml)';
  const on = `${plural(proof.checked, 'request')}${proof.variants > 0 ? ` (${proof.variants} on generated variants)` : ''}`;
  if (proof.disagreementCount === 0) return `verified on ${on}`;
  return `DISAGREES on ${plural(proof.disagreementCount, 'request')} of ${on}`;
}

function side(outcome: SideOutcome): string {
  const what = outcome.outcome === 'not-applied' ? 'no result' : outcome.outcome;
  return outcome.outcome === 'fail' && outcome.action !== undefined ? `${what} (${outcome.action})` : what;
}

/** Where a resource of the proof comes from, with paths as the user gave them. */
function originText(io: CliIo, origin: ResourceOrigin): string {
  switch (origin.source) {
    case 'manifest':
      return `${displayPath(io, origin.file)}:${origin.line}`;
    case 'test':
      return `Test resource ${displayPath(io, origin.file)}:${origin.line}`;
    case 'variant':
      return `variant of ${origin.baseLabel} (${originText(io, origin.base)}): ${origin.change}`;
  }
}

function disagreementText(io: CliIo, d: Disagreement): string {
  const what = d.aspect === 'patched' ? 'a different mutated resource' : d.aspect === 'action' ? 'a different enforcement' : 'a different result';
  return `${d.resource}, ${d.operation} (${originText(io, d.origin)}): ${what}: the original gives ${side(d.original)}, the translation ${side(d.translation)}`;
}

function proofOf(proof: MigrationProof, policy: string, namespace: string | undefined, rule: string): RuleProof | undefined {
  const name = namespace !== undefined ? `${namespace}/${policy}` : policy;
  return proof.rules.find((p) => p.policy === name && p.rule === rule);
}

const MAX_SHOWN = 5;

export function formatMigrationText(
  io: CliIo,
  run: MigrationRun,
  proof: MigrationProof,
  destination: Destination,
  errors: readonly string[],
  warnings: readonly string[],
  color: boolean,
): string {
  const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  for (const error of errors) lines.push(`error: ${error}`);
  for (const problem of run.problems) lines.push(`${at(io, problem)}: ${problem.severity}: ${problem.message}`);
  for (const warning of warnings) lines.push(`warning: ${warning}`);
  let lastPolicy = '';
  for (const rule of run.rules) {
    const key = `${rule.place.file}\u0000${rule.policyKind}\u0000${rule.policy}`;
    if (key !== lastPolicy) {
      if (lines.length > 0) lines.push('');
      lines.push(`${rule.policyKind} ${rule.policy}`);
      lastPolicy = key;
    }
    lines.push(`  ${at(io, rule.place)}  rule ${rule.rule}`);
    if (rule.translated !== undefined) {
      const ruleProof = proofOf(proof, rule.policy, rule.namespace, rule.rule);
      const status = proofLine(ruleProof);
      const painted = ruleProof !== undefined && ruleProof.disagreementCount > 0 ? paint('31', status) : ruleProof?.verified === true ? paint('32', status) : paint('33', status);
      lines.push(`    → ${rule.translated.kind} ${rule.translated.name}: ${painted}`);
      for (const d of (ruleProof?.disagreements ?? []).slice(0, MAX_SHOWN)) lines.push(`      ${disagreementText(io, d)}`);
      const more = (ruleProof?.disagreementCount ?? 0) - Math.min(MAX_SHOWN, ruleProof?.disagreements.length ?? 0);
      if (more > 0) lines.push(`      … and ${plural(more, 'more resource')}`);
    } else if (rule.untranslatable !== undefined) {
      lines.push(`    ${paint('33', 'not translated')}: ${rule.untranslatable.reason} (${at(io, rule.untranslatable.place)}); the rule stays in the ${rule.policyKind}`);
    }
    for (const note of rule.notes) lines.push(`    note: ${note.reason}`);
  }
  const translated = run.rules.filter((r) => r.translated !== undefined);
  const verified = proof.rules.filter((r) => r.verified).length;
  const disagreeing = proof.rules.filter((r) => r.disagreementCount > 0).length;
  const policies = new Set(run.rules.map((r) => `${r.place.file}\u0000${r.policy}`)).size;
  lines.push('');
  lines.push(
    `${plural(run.rules.length, 'rule')} in ${plural(policies, 'policy').replace('policys', 'policies')}: ${translated.length} translated (${verified} verified, ${disagreeing} disagreeing, ${translated.length - verified - disagreeing} without a resource to prove them on), ${run.rules.length - translated.length} not translated.`,
  );
  if (run.tests.length > 0) lines.push(`${plural(run.tests.reduce((n, t) => n + t.renamed, 0), 'Test result')} renamed in ${plural(run.tests.length, 'Test file')}.`);
  if (destination.kind === 'dry-run') lines.push('Nothing written (dry run): use --out <dir> or --in-place to write the migrated files.');
  else if (destination.kind === 'out') lines.push(`${plural(destination.written, 'file')} written under ${destination.dir}.`);
  else lines.push(`${plural(destination.written, 'file')} rewritten in place.`);
  return `${lines.join('\n')}\n`;
}

export function formatMigrationJson(io: CliIo, run: MigrationRun, proof: MigrationProof, destination: Destination, errors: readonly string[], warnings: readonly string[]): string {
  const place = (p: Place): { file: string; line: number; column: number } => ({ file: displayPath(io, p.file), line: p.line, column: p.column });
  const rules = run.rules.map((rule) => {
    const ruleProof = proofOf(proof, rule.policy, rule.namespace, rule.rule);
    return {
      policy: rule.policy,
      policyKind: rule.policyKind,
      rule: rule.rule,
      location: place(rule.place),
      ...(rule.translated !== undefined
        ? {
            translation: rule.translated,
            proof:
              ruleProof === undefined
                ? null
                : {
                    verified: ruleProof.verified,
                    checked: ruleProof.checked,
                    variants: ruleProof.variants,
                    problems: ruleProof.problems,
                    disagreementCount: ruleProof.disagreementCount,
                    disagreements: ruleProof.disagreements.map((d) => ({
                      resource: d.resource,
                      operation: d.operation,
                      origin: originText(io, d.origin),
                      aspect: d.aspect,
                      original: d.original,
                      translation: d.translation,
                    })),
                  },
          }
        : {}),
      ...(rule.untranslatable !== undefined ? { untranslatable: { reason: rule.untranslatable.reason, location: place(rule.untranslatable.place) } } : {}),
      notes: rule.notes.map((n) => ({ reason: n.reason, location: place(n.place) })),
    };
  });
  return `${JSON.stringify(
    {
      rules,
      tests: run.tests.map((t) => ({ file: displayPath(io, t.file), line: t.line, renamed: t.renamed, kept: t.kept })),
      written: destination.kind === 'dry-run' ? [] : [...run.outputs.keys()].map((f) => displayPath(io, f)),
      destination: destination.kind,
      problems: [...errors.map((message) => ({ severity: 'error', message })), ...warnings.map((message) => ({ severity: 'warning', message })), ...run.problems.map((p) => ({ ...p, file: displayPath(io, p.file) }))],
    },
    null,
    2,
  )}\n`;
}
