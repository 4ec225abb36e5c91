/**
 * @file The `junit` reporter, shaped as ESLint's junit formatter: `<testsuites>` with one `<testsuite>`
 * per file that has findings (`package="kyverno-lint"`, `name` the file) and one `<testcase>` per
 * finding (`name` the rule id, `classname` the file without its extension) holding a `<failure>`, or an
 * `<error>` for a problem of the tool's input (as ESLint does for fatal messages), whose `message` is
 * the finding's message and whose text is `line L, col C, Severity - message (ruleId)`. A notice about the input
 * (an `info` problem: a kyverno.io policy to migrate) is a passing test case holding that text as `<system-out>`,
 * so that test-report readers do not count it as a failed test. Unlike ESLint,
 * the text is escaped character data rather than a CDATA section of escaped text (which readers showed
 * with its entities), suites count `failures` and `errors` separately, and a report without findings
 * still holds one passing suite and test case named `kyverno-lint`, since test-report readers treat a
 * report without tests as missing (the report model does not list the files that passed).
 *
 * Every attribute and text is XML-escaped: markup characters as entities, line breaks, tabs and every
 * non-ASCII character as character references, characters XML 1.0 forbids replaced by U+FFFD.
 */
import { posix } from 'node:path';
import type { Finding, LintReport, Severity } from '../report/types.js';
import { displayFile, groupByFile } from './findings.js';

const SUITE_PACKAGE = 'kyverno-lint';
const SEVERITY_WORDS: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

/** Whether XML 1.0 allows the character (`Char` production). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * A character {@link xmlEscape} writes otherwise: outside printable ASCII (a whole code point; a lone surrogate on its
 * own), or `"`, `&`, `'`, `<`, `>`.
 */
const NEEDS_ESCAPE = /[^\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]/gu;

function escapeChar(char: string): string {
  const entity = ENTITIES[char];
  if (entity !== undefined) return entity;
  const code = char.codePointAt(0) as number;
  return isXmlChar(code) ? `&#${code};` : '&#65533;';
}

/** Escapes text for an XML attribute value or character data (ASCII output). */
export function xmlEscape(text: string): string {
  return text.replace(NEEDS_ESCAPE, escapeChar);
}

/** The path without its extension, as ESLint's `classname`. */
function pathWithoutExt(file: string): string {
  return posix.join(posix.dirname(file), posix.basename(file, posix.extname(file)));
}

/** A notice about the input (a kyverno.io policy to migrate): neither a failure nor an error of the input. */
function isNotice(finding: Finding): boolean {
  return finding.status === 'problem' && finding.severity === 'info';
}

function testcase(finding: Finding, classname: string): string {
  const { line, column } = finding.location;
  const text = `line ${line}, col ${column}, ${SEVERITY_WORDS[finding.severity]} - ${finding.message} (${finding.ruleId})`;
  const open = `<testcase time="0" name="${xmlEscape(finding.ruleId)}" classname="${xmlEscape(classname)}">`;
  if (isNotice(finding)) return `${open}<system-out>${xmlEscape(text)}</system-out></testcase>\n`;
  const element = finding.status === 'problem' ? 'error' : 'failure';
  return `${open}<${element} message="${xmlEscape(finding.message)}">${xmlEscape(text)}</${element}></testcase>\n`;
}

function* testsuite(file: string, findings: readonly Finding[]): Generator<string> {
  const name = displayFile(file);
  const errors = findings.filter((finding) => finding.status === 'problem' && !isNotice(finding)).length;
  const failures = findings.filter((finding) => finding.status !== 'problem').length;
  const classname = pathWithoutExt(name);
  yield `<testsuite package="${SUITE_PACKAGE}" time="0" tests="${findings.length}" errors="${errors}" failures="${failures}" name="${xmlEscape(name)}">\n`;
  for (const finding of findings) yield testcase(finding, classname);
  yield '</testsuite>\n';
}

const PASSING_SUITE =
  `<testsuite package="${SUITE_PACKAGE}" time="0" tests="1" errors="0" failures="0" name="${SUITE_PACKAGE}">\n` +
  `<testcase time="0" name="${SUITE_PACKAGE}" classname="${SUITE_PACKAGE}" />\n` +
  '</testsuite>\n';

/** The report in pieces (one per test case), for writing a large report without holding its whole text. */
export function* junitChunks(report: LintReport): Generator<string> {
  yield '<?xml version="1.0" encoding="utf-8"?>\n<testsuites>\n';
  if (report.findings.length === 0) yield PASSING_SUITE;
  else for (const group of groupByFile(report.findings)) yield* testsuite(group.file, group.findings);
  yield '</testsuites>\n';
}

export function junit(report: LintReport): string {
  return [...junitChunks(report)].join('');
}
