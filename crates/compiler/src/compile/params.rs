//! The event parameters a rulebook declares (`parameters:` in `rulebook.yaml`).

use super::located::{expr_result, texts};
use crate::diag::Diags;
use crate::lang::ir::{IrExpr, Param};
use crate::lang::schema::Ty;
use crate::lang::typeck::Params;
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::ParamDef;
use crate::rulebook::yaml;

pub(super) fn lower_params<'a>(
    bf: &SourceFile,
    defs: impl IntoIterator<Item = (&'a String, &'a ParamDef)>,
    languages: &[String],
    d: &mut Diags,
) -> Vec<Param> {
    let mut out = Vec::new();
    for (name, p) in defs {
        // Rules read it as `param.NAME`, and generated code names it.
        let plain = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !plain {
            let at = yaml::start(&bf.text, &p.ty);
            d.push(bf.diag(at, p.ty.value.len().max(1), say::parameter_name(name)));
            continue;
        }
        let ty = match p.ty.value.as_str() {
            "bool" => Ty::Bool,
            "int" => Ty::Int,
            "side" => Ty::Side,
            "duration" => Ty::Duration,
            other => {
                d.push(
                    bf.diag(
                        yaml::start(&bf.text, &p.ty),
                        other.len().max(1),
                        say::unknown_parameter_type(other),
                    )
                    .help(say::parameter_types_help()),
                );
                continue;
            }
        };
        let doc = texts(bf, &p.doc, languages, say::field_parameter_doc, d);
        let default = match expr_result(bf, &p.default, None, Params::default(), None) {
            Ok((e, t)) if t == ty && is_constant(&e) => e,
            Ok(_) => {
                d.push(bf.diag(
                    yaml::start(&bf.text, &p.default),
                    p.default.value.len().max(1),
                    say::parameter_default(name, ty.name()),
                ));
                continue;
            }
            Err(e) => {
                d.push(e);
                continue;
            }
        };
        out.push(Param {
            name: name.clone(),
            ty,
            default,
            tag: p.tag.clone(),
            doc,
        });
    }
    out
}

pub(super) fn is_constant(e: &IrExpr) -> bool {
    matches!(
        e,
        IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_)
    ) || matches!(e, IrExpr::Neg(x) if is_constant(x))
}
