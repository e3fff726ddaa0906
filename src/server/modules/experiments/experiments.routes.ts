import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerExperimentBody,
  customerExperimentDocument,
  experimentAssignmentsDocument,
} from '../../../contracts/experiments';
import { abFlag } from '../../../domain/experiments';
import { requireCustomer } from '../../http/session';
import type { Assignment, ExperimentsService } from './experiments.service';

// The HTTP edge of experiments (issue 23 part 6, decision 30; spec §7 POST /customer_google_experiments).

export interface ExperimentRoutesOptions {
  experiments: ExperimentsService;
}

const asResource = ({ experimentId, variantId, payload, recorded }: Assignment) => ({
  id: experimentId,
  type: 'experiment_assignments' as const,
  attributes: { experimentId, variantId, payload, recorded },
});

export async function experimentRoutes(app: FastifyInstance, { experiments }: ExperimentRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketing'];

  r.get(
    '/experiments',
    {
      schema: {
        tags,
        summary: 'The running experiments and this visitor’s variant in each',
        description:
          'A signed-in customer’s recorded variant wins; otherwise the browser’s bucket, from its experiment ' +
          'cookie (sfoglia_ab, set here if the browser has none). Beta-group experiments only for customers ' +
          'in the beta group. meta: the A/B flag analytics events carry, and new or existing.',
        response: { 200: experimentAssignmentsDocument },
      },
    },
    async (request, reply) => {
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      const visitorId = app.ensureExperimentVisitor(request, reply);
      const assignments = await experiments.assignments({ visitorId, customerId });
      reply.header('cache-control', 'private, no-store');
      return {
        data: assignments.map(asResource),
        meta: {
          abFlag: abFlag(assignments),
          customerType: await experiments.customerType(customerId),
        },
      };
    },
  );

  r.post(
    '/customer_google_experiments',
    {
      schema: {
        tags,
        summary: 'Record the signed-in customer’s variant of an experiment (once: the first stays)',
        description:
          'The variant must be the one this browser was shown (409 otherwise). 201 when recorded now; 200 ' +
          'when a variant was recorded before: that one stays and is answered, whatever was asked. An ' +
          'experiment that is not running (or is the beta group’s, for a customer outside it), or a ' +
          'variant it does not have: 404 EXPERIMENT_NOT_FOUND.',
        body: customerExperimentBody,
        response: { 200: customerExperimentDocument, 201: customerExperimentDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const { assignment, created } = await experiments.record(
        customerId,
        request.experimentVisitorId,
        request.body.experimentId,
        request.body.variantId,
      );
      return reply.status(created ? 201 : 200).send({ data: asResource(assignment) });
    },
  );
}
