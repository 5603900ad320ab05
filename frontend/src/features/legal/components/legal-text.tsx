import type { ReactNode } from 'react';

type Block = { kind: 'heading' | 'paragraph'; text: string };

/** The legal texts' simple format: a line starting with "# " is a heading, blank lines separate paragraphs. */
export function legalBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('# ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(2).trim() });
    } else if (line.trim() === '') flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Renders an admin-written text as React text nodes only: whatever it contains, no HTML of it reaches the page. */
export function LegalText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }): ReactNode {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex max-w-3xl flex-col gap-3" data-testid="legal-text">
      {legalBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
          <Heading key={index} className="mt-2 text-lg font-semibold">
            {block.text}
          </Heading>
        ) : (
          <p key={index} className="whitespace-pre-line">
            {block.text}
          </p>
        ),
      )}
    </div>
  );
}
