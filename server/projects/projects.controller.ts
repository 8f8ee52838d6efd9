import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequirePermission } from '../common/decorators/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import { CreateProjectDto, ProjectDetailsDto, ProjectDto, ProjectStatsDto } from './dto/project.dto.js';
import { ProjectStatsService } from './project-stats.service.js';
import { ProjectsService } from './projects.service.js';

/** Organizations (the spec calls them projects). */
@ApiTags('projects')
@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly projectStats: ProjectStatsService,
  ) {}

  @Post()
  @RequirePermission('organizations', 'create')
  @ApiCreatedResponse({ type: ProjectDto, description: 'The new organization; the caller owns it' })
  create(@CurrentUser() user: User, @Body() body: CreateProjectDto): Promise<ProjectDto> {
    return this.projects.create(user, body.name);
  }

  @Get()
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: [ProjectDto], description: 'Organizations the caller owns or belongs to (all for a super-admin)' })
  list(@CurrentUser() user: User): Promise<ProjectDto[]> {
    return this.projects.list(user);
  }

  @Get(':id')
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: ProjectDetailsDto })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<ProjectDetailsDto> {
    return this.projects.get(user, id);
  }

  @Get(':id/stats')
  @RequirePermission('organizations', 'read')
  @ApiOkResponse({ type: ProjectStatsDto })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  stats(@CurrentUser() user: User, @Param('id') id: string): Promise<ProjectStatsDto> {
    return this.projectStats.stats(user, id);
  }
}
