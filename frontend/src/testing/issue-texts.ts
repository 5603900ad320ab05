import { issueMessage } from '@ams/contracts';

interface ParseResult {
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[] } | undefined;
}

/** A failed parse's English messages by field path (the last per path), as the forms write them from their keys. */
export function issueTexts(result: ParseResult): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessage(issue).message]));
}
