import { SetMetadata } from '@nestjs/common';

export const NOT_DEMO = 'notDemo';

/** Demo accounts get 403 with this message (e.g. API keys). */
export const NotDemo = (message = 'This feature is not available for demo accounts') => SetMetadata(NOT_DEMO, message);
