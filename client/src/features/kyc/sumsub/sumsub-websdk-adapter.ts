// Loaded with a dynamic import, only when the server's provider is Sumsub: the built-in
// widget's bundle never carries any of this.
//
// The WebSDK (npm package @sumsub/websdk) is not bundled: the app is built offline and
// must not depend on a third-party package for its default flow. The operator serves
// the SDK's standalone build, which defines the global `snsWebSdk`, from this origin at
// SUMSUB_WEBSDK_SCRIPT_URL (the CSP allows scripts from 'self' only).

/** Where the operator serves the WebSDK's standalone script (see docs). */
export const SUMSUB_WEBSDK_SCRIPT_URL = '/vendor/sumsub/sns-websdk-builder.js';

// The part of @sumsub/websdk's API this page uses (its types/index.d.ts and InitBuilder.d.ts).
export interface SumsubSdkError {
  code?: string;
  error?: string;
}

interface SnsWebSdkInstance {
  launch(container: string | HTMLElement): void;
  destroy(): void;
}

interface SnsInitBuilder {
  withConf(config: { lang?: string; theme?: string }): SnsInitBuilder;
  on(event: string, handler: (payload: unknown) => void): SnsInitBuilder;
  build(): SnsWebSdkInstance;
}

interface SnsWebSdk {
  init(accessToken: string, updateAccessToken: () => Promise<string>): SnsInitBuilder;
}

declare global {
  interface Window {
    snsWebSdk?: SnsWebSdk;
  }
}

export class SumsubLoadError extends Error {
  override readonly name = 'SumsubLoadError';
}

let loading: Promise<SnsWebSdk> | null = null;

function loadSdk(): Promise<SnsWebSdk> {
  if (window.snsWebSdk) return Promise.resolve(window.snsWebSdk);
  loading ??= new Promise<SnsWebSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SUMSUB_WEBSDK_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.snsWebSdk ? resolve(window.snsWebSdk) : reject(new SumsubLoadError('The Sumsub WebSDK did not start')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new SumsubLoadError('The Sumsub WebSDK could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface SumsubLaunchOptions {
  /** CSS selector of the element the SDK's iframe goes into. */
  container: string;
  accessToken: string;
  /** The SDK calls this when its access token expired. */
  refreshAccessToken: () => Promise<string>;
  onError: (error: SumsubSdkError) => void;
}

/** Starts the WebSDK in `container`; the returned function removes it. */
export async function launchSumsubWebSdk({ container, accessToken, refreshAccessToken, onError }: SumsubLaunchOptions): Promise<() => void> {
  const snsWebSdk = await loadSdk();
  const instance = snsWebSdk
    .init(accessToken, () => refreshAccessToken())
    .withConf({ lang: 'en' })
    .on('idCheck.onError', (payload) => onError((payload ?? {}) as SumsubSdkError))
    .build();
  instance.launch(container);
  return () => instance.destroy();
}
