/// @file drivers_impl.hpp
/// Every generic driver's definition, and RODSWARM_DRIVERS(Model), which instantiates them for one model: the
/// one line at the end of each model's src/models/<model>_run.cpp (where its ModelHost's templates are defined).
#pragma once

#include "driver/checkpointed_run_impl.hpp"
#include "driver/run_impl.hpp"

#define RODSWARM_DRIVERS(Model)                                                                                   \
  template rodswarm::RunReport rodswarm::run<Model>(const rodswarm::Job<Model>&, const rodswarm::RunOptions&);    \
  template rodswarm::RunReport rodswarm::steady<Model>(const rodswarm::Job<Model>&, const rodswarm::RunOptions&); \
  template rodswarm::CheckpointedReport rodswarm::run_checkpointed<Model>(                                        \
      const rodswarm::Job<Model>&, const rodswarm::RunOptions&, const std::string&,                               \
      const rodswarm::CheckpointOptions&, std::ostream&);                                                         \
  template std::unique_ptr<rodswarm::Backend<Model, double>> rodswarm::make_backend<Model, double>(               \
      rodswarm::BackendKind, const rodswarm::CudaOptions&);                                                       \
  template std::unique_ptr<rodswarm::Backend<Model, float>> rodswarm::make_backend<Model, float>(                 \
      rodswarm::BackendKind, const rodswarm::CudaOptions&);
