import { useId, type SelectHTMLAttributes } from 'react';

import '../../../components/ui/text-field.css';
import './select-field.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The empty first option, e.g. 'Select sex'. */
  placeholder: string;
}

/** A labelled select in the look of TextField, with an empty 'Select …' option first. */
export function SelectField({ label, options, placeholder, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={['text-field', className].filter(Boolean).join(' ')}>
      <div className="text-field-label-row">
        <label htmlFor={id} className="text-field-label">
          {label}
        </label>
      </div>
      <select id={id} className="text-field-input select-field-input" {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
