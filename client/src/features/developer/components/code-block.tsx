import { CopyButton } from '../../../components/ui/copy-button';

import './code-block.css';

export interface CodeBlockProps {
  code: string;
  /** Shown above the code and used for the copy button's name, e.g. 'Request'. */
  title: string;
  language?: 'shell' | 'json' | 'javascript' | 'http' | 'text' | 'url';
  /** Names the example for readers of the page source and for tests. */
  exampleId?: string;
}

const LANGUAGE_LABELS: Record<NonNullable<CodeBlockProps['language']>, string> = {
  shell: 'Shell',
  json: 'JSON',
  javascript: 'JavaScript',
  http: 'HTTP',
  text: 'Output',
  url: 'URL',
};

/** A code example with a copy button. */
export function CodeBlock({ code, title, language = 'shell', exampleId }: CodeBlockProps) {
  return (
    <figure className="code-block" data-example={exampleId} data-language={language}>
      <figcaption className="code-block-header">
        <span className="code-block-title">{title}</span>
        <span className="code-block-language">{LANGUAGE_LABELS[language]}</span>
        <CopyButton text={code} label={`Copy ${title.toLowerCase()}`} variant="secondary" className="code-block-copy" iconOnly />
      </figcaption>
      <pre className="code-block-pre" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
