import type { LintReport, Location } from '../report/types.js';
/** `@actions/core` `escapeData`: the message of a workflow command. */
export declare function escapeData(text: string): string;
/** `@actions/core` `escapeProperty`: a property value of a workflow command. */
export declare function escapeProperty(text: string): string;
/** Renders `::command key=value,…::message` as `@actions/core` `Command.toString` does. */
export declare function workflowCommand(command: string, properties: ReadonlyArray<readonly [string, string | number]>, message: string): string;
/** The lines of an annotation, and its columns when it is on one line. */
export interface AnnotationRange {
    line: number;
    endLine: number;
    column?: number;
    endColumn?: number;
}
/** The range GitHub keeps for a finding's location: columns only when it is on one line; `undefined` without a line. */
export declare function annotationRange(location: Location): AnnotationRange | undefined;
export declare function github(report: LintReport): string;
