//! The front ends' integration tests, one binary with a module per theme: the
//! command line, the page's API and its browser test, careless inputs, every
//! action walked from the registry, every action's default answer kept byte for byte, the readings in every output, and the
//! hand-written engagement loop of the bench.

mod common;
mod web;

mod browser;
mod cli;
mod default_answers;
mod every_action;
mod generated_inputs;
mod hand_loop;
mod readings;
mod serve_api;
mod serve_load;
mod site;
