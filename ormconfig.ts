import { DataSource } from 'typeorm';
import { loadEnvironment } from './server/config/environment.js';
import { dataSourceOptions } from './server/data-source-options.js';

/** The TypeORM CLI's data source: the same options the application uses. */
export default new DataSource(dataSourceOptions(loadEnvironment()));
