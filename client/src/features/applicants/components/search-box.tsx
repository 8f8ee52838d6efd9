import { useEffect, useId, useRef, useState } from 'react';

import './search-box.css';

export const SEARCH_DEBOUNCE_MS = 300;
/** The server refuses shorter searches (they cannot use its search indexes). */
export const SEARCH_MIN_LENGTH = 3;

export interface SearchBoxProps {
  /** The search in effect (from the address). */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  delayMs?: number;
}

/** A search input that reports after a pause in typing, not on every key. */
export function SearchBox({ value, onSearch, label, placeholder, delayMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const onSearchRef = useRef(onSearch);

  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // Back/forward changes the search from outside: show it, unless it is what is typed already.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text.trim()) setText(value);
  }

  const wanted = text.trim();
  const tooShort = wanted !== '' && [...wanted].length < SEARCH_MIN_LENGTH;

  useEffect(() => {
    if (wanted === value || tooShort) return;
    const timer = window.setTimeout(() => onSearchRef.current(wanted), delayMs);
    return () => window.clearTimeout(timer);
  }, [wanted, tooShort, value, delayMs]);

  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="search-box-icon">
        <path d="M9 15.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM17.5 17.5l-3.9-3.9" />
      </svg>
      <input
        id={id}
        type="search"
        className="search-box-input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        aria-describedby={tooShort ? `${id}-hint` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {tooShort && (
        <p id={`${id}-hint`} className="search-box-hint" role="status">
          Type at least {SEARCH_MIN_LENGTH} characters to search
        </p>
      )}
    </div>
  );
}
