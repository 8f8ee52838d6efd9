import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Alert } from './ui/alert';

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  hasError: boolean;
}

export const ELEMENT_ERROR_TEXT = 'The product encountered an error loading this element.';

/** Keeps one broken widget from blanking the whole screen. React still needs a class here. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    if (this.state.hasError) {
      return (
        this.props.fallback ?? (
          <Alert variant="danger" title="Something went wrong">
            {ELEMENT_ERROR_TEXT} Please refresh the page or try again later.
          </Alert>
        )
      );
    }
    return this.props.children;
  }
}
