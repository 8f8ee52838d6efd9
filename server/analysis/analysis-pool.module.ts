import { Module } from '@nestjs/common';
import { AnalysisPool } from './analysis-pool.js';

/** The worker threads, one pool per process, for the analysis jobs and for the verification page's photo reads. */
@Module({ providers: [AnalysisPool], exports: [AnalysisPool] })
export class AnalysisPoolModule {}
