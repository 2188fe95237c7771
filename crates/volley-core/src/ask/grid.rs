//! One grid of questions: a question asked again at every value of a row
//! axis (and, where there is one, at every value of a column axis), every
//! cell answered over the thread pool and handed back in row-major order
//! (a row's cells together, rows in order), so that a grid is the same on
//! any number of threads and the first cell in order that fails is the one
//! a caller reports. `volley table` and the printed
//! sheets read their cells from it; each says how a cell is answered.

use crate::ask::question::Question;
use crate::error::InputError;
use crate::systems::Origin;
use rayon::prelude::*;

/// An axis: a field and the values it takes, in order.
pub type Axis<'a, S> = (&'a str, &'a [S]);

/// The fields of every cell, row by row: the row field at each of its
/// values, with the column field at each of its values where there is one.
pub fn cell_keys<'a, S: AsRef<str>>(
    row: Axis<'a, S>,
    column: Option<Axis<'a, S>>,
) -> Vec<Vec<(&'a str, &'a str)>> {
    row.1
        .iter()
        .flat_map(|r| match column {
            Some((field, values)) => values
                .iter()
                .map(|c| vec![(row.0, r.as_ref()), (field, c.as_ref())])
                .collect(),
            None => vec![vec![(row.0, r.as_ref())]],
        })
        .collect()
}

/// `question` at every cell of `keys` (its fields set as the cell's),
/// answered by `answer` over the thread pool, in the order of `keys`. A cell
/// whose fields the question refuses is that refusal.
pub fn answer_cells<T, E>(
    question: &Question,
    keys: &[Vec<(&str, &str)>],
    answer: impl Fn(&Question) -> Result<T, E> + Sync,
) -> Vec<Result<T, E>>
where
    T: Send,
    E: Send + From<InputError>,
{
    keys.par_iter()
        .map(|key| {
            let fields = Origin::arguments_of(key);
            answer(&question.with(&fields)?)
        })
        .collect()
}
